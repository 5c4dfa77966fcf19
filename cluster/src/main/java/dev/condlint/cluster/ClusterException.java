package dev.condlint.cluster;

/** The cluster cannot be reached or read at all: a message for the user, no stack trace. */
public final class ClusterException extends RuntimeException {
  public ClusterException(String message) {
    super(message);
  }

  public ClusterException(String message, Throwable cause) {
    super(message, cause);
  }
}
