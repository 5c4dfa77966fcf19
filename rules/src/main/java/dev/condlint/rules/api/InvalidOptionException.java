package dev.condlint.rules.api;

/** A rule's option that the rule cannot use: which key, and what is wrong with its value. */
public final class InvalidOptionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String key;

  public InvalidOptionException(String key, String message) {
    super(message);
    this.key = key;
  }

  /** The option's key under {@code rules.<id>.options}. */
  public String key() {
    return key;
  }
}
