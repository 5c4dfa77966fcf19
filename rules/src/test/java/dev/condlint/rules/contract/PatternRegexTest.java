package dev.condlint.rules.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.ShortStrings;
import org.junit.jupiter.api.Test;

/**
 * Group patterns and list paths are checked by regular expressions that the configuration's JSON
 * Schema repeats; these are the rules they replace, spelt out, compared on every short string.
 */
class PatternRegexTest {

  @Test
  void aGroupPatternIsEmptyAStarOrAGroupNameWithAnOptionalStarDotBeforeIt() {
    for (String s : ShortStrings.all("", "a-.*Z0", 6)) {
      String name = s.startsWith("*.") ? s.substring(2) : s;
      boolean expected = s.isEmpty() || s.equals("*") || isGroupName(name);
      assertEquals(expected, GroupPattern.isValid(s), s);
    }
  }

  private static boolean isGroupName(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (String label : name.split("\\.", -1)) {
      if (label.isEmpty() || label.startsWith("-") || label.endsWith("-")
          || !label.chars().allMatch(c -> c == '-' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  @Test
  void aListPathIsDotSeparatedKeysUnderStatusEachWithAnyNumberOfBrackets() {
    for (String s : ShortStrings.all("status", ".[]a*", 6)) {
      assertEquals(isListPath(s), ListPath.isValidPattern(s), s);
    }
    for (String s : ShortStrings.all("", ".[]s", 5)) {
      assertEquals(isListPath(s), ListPath.isValidPattern(s), s);
    }
  }

  /** The rule as it was written before it became a regular expression. */
  private static boolean isListPath(String pattern) {
    if (pattern.isEmpty() || pattern.startsWith(".") || pattern.endsWith(".") || pattern.contains("..")) {
      return false;
    }
    for (String part : pattern.split("\\.", -1)) {
      String key = part;
      while (key.endsWith("[]")) {
        key = key.substring(0, key.length() - 2);
      }
      if (key.isEmpty() || key.contains("[") || key.contains("]")) {
        return false;
      }
    }
    return pattern.startsWith("status");
  }
}
