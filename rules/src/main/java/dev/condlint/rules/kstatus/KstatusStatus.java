package dev.condlint.rules.kstatus;

/** The statuses kstatus {@code Compute} returns, spelt as kstatus prints them. */
public enum KstatusStatus {
  CURRENT("Current"),
  IN_PROGRESS("InProgress"),
  FAILED("Failed"),
  TERMINATING("Terminating");

  private final String label;

  KstatusStatus(String label) {
    this.label = label;
  }

  /** The name kstatus uses ({@code InProgress}). */
  public String label() {
    return label;
  }

  @Override
  public String toString() {
    return label;
  }
}
