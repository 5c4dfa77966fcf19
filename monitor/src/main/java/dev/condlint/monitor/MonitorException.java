package dev.condlint.monitor;

/** The monitor cannot start: its address is taken, the cluster cannot be reached at all. One line for the user. */
public final class MonitorException extends RuntimeException {
  public MonitorException(String message, Throwable cause) {
    super(message, cause);
  }
}
