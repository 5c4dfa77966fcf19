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

  public static boolean isValid(String pattern) {
    if (pattern.equals("*") || pattern.isEmpty()) {
      return true;
    }
    String name = pattern.startsWith("*.") ? pattern.substring(2) : pattern;
    return name.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  }

  @Override
  public String toString() {
    return pattern;
  }
}
