package dev.condlint.rules.catalogue.common;

import java.util.Locale;

/**
 * Hand-written matchers for the small ASCII patterns the rules test on every condition; each answers
 * exactly as {@code Pattern.compile(pattern).matcher(s).matches()} for the pattern it names, without a
 * Matcher per call. The patterns' character classes are ASCII ranges, so no other character matches.
 */
public final class AsciiPatterns {
  private AsciiPatterns() {}

  /** {@code [A-Z][A-Za-z0-9]*}: one UpperCamelCase word. */
  public static boolean isUpperCamelWord(String s) {
    if (s.isEmpty() || !isUpper(s.charAt(0))) {
      return false;
    }
    for (int i = 1; i < s.length(); i++) {
      if (!isAlphanumeric(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** {@code ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]}: a qualified name (the name part of a label key). */
  public static boolean isQualifiedName(String s) {
    int n = s.length();
    if (n == 0 || !isAlphanumeric(s.charAt(0)) || !isAlphanumeric(s.charAt(n - 1))) {
      return false;
    }
    for (int i = 1; i < n - 1; i++) {
      char c = s.charAt(i);
      if (!isAlphanumeric(c) && c != '-' && c != '_' && c != '.') {
        return false;
      }
    }
    return true;
  }

  /** {@code [A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?}: metav1.Condition's reason pattern. */
  public static boolean isConditionReason(String s) {
    int n = s.length();
    if (n == 0 || !isLetter(s.charAt(0))) {
      return false;
    }
    for (int i = 1; i < n; i++) {
      char c = s.charAt(i);
      if (!isAlphanumeric(c) && c != '_' && (c != ',' && c != ':' || i == n - 1)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code s} without the characters {@code \s} matches ({@code [ \t\n\x0B\f\r]}), as
   * {@code s.replaceAll("\\s+", "")} returns it.
   */
  public static String withoutWhitespace(String s) {
    int first = 0;
    while (first < s.length() && !isWhitespace(s.charAt(first))) {
      first++;
    }
    if (first == s.length()) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length());
    out.append(s, 0, first);
    for (int i = first + 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!isWhitespace(c)) {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * Whether the two strings are equal without whitespace ({@code \\s}) and in lower case, as
   * {@code withoutWhitespace(a).toLowerCase(Locale.ROOT).equals(withoutWhitespace(b).toLowerCase(Locale.ROOT))}
   * says; compared in place while both are ASCII (where lower case is a-z for A-Z only, one char for one),
   * so that the first difference there answers without reading the rest (a message against its reason
   * differs in its first letters): only where a char beyond ASCII comes before a difference are the
   * whole strings lower-cased and compared.
   */
  public static boolean equalsIgnoringWhitespaceAndCase(String a, String b) {
    int i = 0;
    int j = 0;
    while (true) {
      while (i < a.length() && isWhitespace(a.charAt(i))) {
        i++;
      }
      while (j < b.length() && isWhitespace(b.charAt(j))) {
        j++;
      }
      boolean aEnds = i == a.length();
      boolean bEnds = j == b.length();
      char x = aEnds ? 0 : a.charAt(i);
      char y = bEnds ? 0 : b.charAt(j);
      if (x >= 0x80 || y >= 0x80) {
        // Lower case beyond ASCII is not one char for one (İ, a final sigma): the whole strings, as specified.
        return withoutWhitespace(a).toLowerCase(Locale.ROOT).equals(withoutWhitespace(b).toLowerCase(Locale.ROOT));
      }
      if (aEnds || bEnds) {
        return aEnds && bEnds;
      }
      if (asciiLower(x) != asciiLower(y)) {
        return false;
      }
      i++;
      j++;
    }
  }

  private static char asciiLower(char c) {
    return isUpper(c) ? (char) (c + ('a' - 'A')) : c;
  }

  /**
   * The classes of each ASCII character, one bit per class: the matchers above test every character of
   * every condition's type and reason, and one load and mask is cheaper than the chain of range tests.
   */
  private static final byte[] CLASSES = new byte[128];
  private static final int UPPER = 1, LOWER = 2, DIGIT = 4, WHITESPACE = 8;
  private static final int LETTER = UPPER | LOWER, ALPHANUMERIC = LETTER | DIGIT;

  static {
    for (char c = 'A'; c <= 'Z'; c++) {
      CLASSES[c] |= UPPER;
    }
    for (char c = 'a'; c <= 'z'; c++) {
      CLASSES[c] |= LOWER;
    }
    for (char c = '0'; c <= '9'; c++) {
      CLASSES[c] |= DIGIT;
    }
    for (char c : new char[] {' ', '\t', '\n', 0x0B, '\f', '\r'}) {
      CLASSES[c] |= WHITESPACE;
    }
  }

  private static boolean is(char c, int classes) {
    return c < 128 && (CLASSES[c] & classes) != 0;
  }

  private static boolean isWhitespace(char c) {
    return is(c, WHITESPACE);
  }

  private static boolean isUpper(char c) {
    return is(c, UPPER);
  }

  private static boolean isLetter(char c) {
    return is(c, LETTER);
  }

  private static boolean isAlphanumeric(char c) {
    return is(c, ALPHANUMERIC);
  }
}
