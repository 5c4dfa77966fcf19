package dev.condlint.cli.common;

/** The exit statuses of {@code condlint}. */
public final class ExitCodes {
  /** Nothing at or above the {@code --fail-on} threshold. */
  public static final int CLEAN = 0;
  /** Findings at or above the threshold. */
  public static final int FINDINGS = 1;
  /** A usage error, or input that could not be read or parsed. */
  public static final int USAGE_OR_INPUT = 2;

  private ExitCodes() {}
}
