package dev.condlint.rules.config;

/** A rule's option whose value the rule cannot use: which key, and what is wrong with the value. */
public final class InvalidOptionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String key;
  private final boolean valueJudged;

  /**
   * @param valueJudged whether the option's own reader refused the value (a duration's syntax), which
   *     says more than the schema's type mismatch; else the schema words the problem better
   */
  InvalidOptionException(String key, String message, boolean valueJudged) {
    super(message);
    this.key = key;
    this.valueJudged = valueJudged;
  }

  boolean valueJudged() {
    return valueJudged;
  }

  /** The option's key under {@code rules.<id>.options}. */
  public String key() {
    return key;
  }
}
