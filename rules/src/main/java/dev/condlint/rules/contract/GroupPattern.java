package dev.condlint.rules.contract;

/**
 * An API group pattern: an exact group ({@code cert-manager.io}, or {@code ""} for the core group),
 * a suffix ({@code *.toolkit.fluxcd.io}, which does not match {@code toolkit.fluxcd.io} itself), or
 * {@code *} for every group.
 */
public record GroupPattern(String pattern) {

  public boolean matches(String group) {
    if (pattern.equals("*")) {
      return true;
    }
    if (pattern.startsWith("*.")) {
      return group.endsWith(pattern.substring(1));
    }
    return pattern.equals(group);
  }

  /** Exact groups before suffix patterns before {@code *}: the order in which entries are tried. */
  public int specificity() {
    if (pattern.equals("*")) {
      return 0;
    }
    return pattern.startsWith("*.") ? 1 : 2;
  }

  /**
   * An API group's name, as a regular expression (Java's and ECMA 262's alike, so that the
   * configuration's JSON Schema says the same): lower-case DNS labels joined by dots.
   */
  public static final String NAME = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";

  /** A pattern {@link #isValid} accepts, as a regular expression: {@code ""}, {@code *}, a name or {@code *.}name. */
  public static final String VALID = "^(\\*|(\\*\\.)?" + NAME + ")?$";

  private static final java.util.regex.Pattern VALID_PATTERN = java.util.regex.Pattern.compile(VALID);

  public static boolean isValid(String pattern) {
    return VALID_PATTERN.matcher(pattern).matches();
  }

  @Override
  public String toString() {
    return pattern;
  }
}
