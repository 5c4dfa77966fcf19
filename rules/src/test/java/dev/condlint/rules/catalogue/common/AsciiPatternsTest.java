package dev.condlint.rules.catalogue.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Each hand-written matcher must answer exactly as the regex it stands for. */
class AsciiPatternsTest {
  private static final String ALPHABET = "aZ09Az_-.,:/ \t\n\u000B\f\r\u00A0\u2003éÄ٣\uD83D\uDE00";
  private static final List<String> FIXED = List.of("", "A", "a", "0", "_", "-", ".", ",", ":", "Ready", "ready",
      "Ready,", "Ready:", "Ready_", "R,a", "R:a", "a-b", "a-", "-a", "a.b", "a..b", "a_b", "Ab0", "AB", "A B", " A",
      "A ", "Ä", "Aé", "A\n", "\n", "  ", "a\tb\nc", "a\u00A0b", "Read\uD83D\uDE00y");

  private static void assertSameAs(String regex, Predicate<String> matcher) {
    Pattern pattern = Pattern.compile(regex);
    Random random = new Random(regex.hashCode());
    for (String s : FIXED) {
      assertEquals(pattern.matcher(s).matches(), matcher.test(s), regex + " on '" + s + "'");
    }
    for (int n = 0; n < 20_000; n++) {
      StringBuilder s = new StringBuilder();
      for (int len = random.nextInt(8); len > 0; len--) {
        s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
      }
      assertEquals(pattern.matcher(s).matches(), matcher.test(s.toString()), regex + " on '" + s + "'");
    }
  }

  @Test
  void upperCamelWord() {
    assertTrue(AsciiPatterns.isUpperCamelWord("ImagePullFailed"));
    assertFalse(AsciiPatterns.isUpperCamelWord("imagePullFailed"));
    assertSameAs("[A-Z][A-Za-z0-9]*", AsciiPatterns::isUpperCamelWord);
  }

  @Test
  void qualifiedName() {
    assertTrue(AsciiPatterns.isQualifiedName("pod-scheduled"));
    assertFalse(AsciiPatterns.isQualifiedName("pod-"));
    assertSameAs("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]", AsciiPatterns::isQualifiedName);
  }

  @Test
  void conditionReason() {
    assertTrue(AsciiPatterns.isConditionReason("ReasonA,ReasonB"));
    assertFalse(AsciiPatterns.isConditionReason("Reason,"));
    assertSameAs("[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?", AsciiPatterns::isConditionReason);
  }

  @Test
  void equalsIgnoringWhitespaceAndCase() {
    Pattern whitespace = Pattern.compile("\\s+");
    Predicate<String[]> slow = p -> whitespace.matcher(p[0]).replaceAll("").toLowerCase(java.util.Locale.ROOT)
        .equals(whitespace.matcher(p[1]).replaceAll("").toLowerCase(java.util.Locale.ROOT));
    assertTrue(AsciiPatterns.equalsIgnoringWhitespaceAndCase("Image Pull Failed", "ImagePullFailed"));
    assertFalse(AsciiPatterns.equalsIgnoringWhitespaceAndCase("Image Pull Failed.", "ImagePullFailed"));
    assertTrue(AsciiPatterns.equalsIgnoringWhitespaceAndCase("\u0130", "i\u0307"), "İ lower-cases to two chars");
    // Compared in place up to the first char beyond ASCII: a difference before it answers, one after it too.
    assertTrue(AsciiPatterns.equalsIgnoringWhitespaceAndCase("Pull \u0130mage", "pulli\u0307mage"));
    assertFalse(AsciiPatterns.equalsIgnoringWhitespaceAndCase("Push \u0130mage", "pulli\u0307mage"));
    assertFalse(AsciiPatterns.equalsIgnoringWhitespaceAndCase("Pull \u0130mage", "pulli\u0307magex"));
    assertFalse(AsciiPatterns.equalsIgnoringWhitespaceAndCase("Pull", "Pull\u0130"));
    assertFalse(AsciiPatterns.equalsIgnoringWhitespaceAndCase("Pull \u00A0", "Pull"), "no-break space is no \\s");
    assertTrue(AsciiPatterns.equalsIgnoringWhitespaceAndCase("A\u03A3 ", "a\u03C2"), "a final sigma");
    Random random = new Random(7);
    String letters = "aAbB \t\n\u00A0İiı\u0307Σσς";
    for (int n = 0; n < 50_000; n++) {
      StringBuilder a = new StringBuilder();
      for (int len = random.nextInt(6); len > 0; len--) {
        a.append(letters.charAt(random.nextInt(letters.length())));
      }
      StringBuilder b = new StringBuilder();
      if (random.nextBoolean()) {
        // A variant of a: case flipped and whitespace moved, often equal.
        for (char c : a.toString().toCharArray()) {
          b.append(random.nextBoolean() ? Character.toUpperCase(c) : c);
          if (random.nextInt(4) == 0) {
            b.append(' ');
          }
        }
      } else {
        for (int len = random.nextInt(6); len > 0; len--) {
          b.append(letters.charAt(random.nextInt(letters.length())));
        }
      }
      String[] pair = {a.toString(), b.toString()};
      assertEquals(slow.test(pair), AsciiPatterns.equalsIgnoringWhitespaceAndCase(pair[0], pair[1]),
          "'" + pair[0] + "' vs '" + pair[1] + "'");
    }
  }

  @Test
  void withoutWhitespace() {
    Pattern whitespace = Pattern.compile("\\s+");
    Random random = new Random(5);
    for (String s : FIXED) {
      assertEquals(whitespace.matcher(s).replaceAll(""), AsciiPatterns.withoutWhitespace(s), s);
    }
    for (int n = 0; n < 20_000; n++) {
      StringBuilder s = new StringBuilder();
      for (int len = random.nextInt(10); len > 0; len--) {
        s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
      }
      assertEquals(whitespace.matcher(s).replaceAll(""), AsciiPatterns.withoutWhitespace(s.toString()), s.toString());
    }
  }

  @Test
  void everyCharacterIsClassedAsTheRegexesClassIt() {
    // The matchers class characters by a table of ASCII: each of the 65,536 chars, alone, first, in the
    // middle and last, answers as the regexes do (the neighbours of each range, '@', '[', '`', '{', '/',
    // ':', 0x7F and 0x80 and beyond, included).
    List<String> regexes = List.of("[A-Z][A-Za-z0-9]*", "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]",
        "[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?");
    List<Predicate<String>> matchers = List.of(AsciiPatterns::isUpperCamelWord, AsciiPatterns::isQualifiedName,
        AsciiPatterns::isConditionReason);
    Pattern whitespace = Pattern.compile("\\s+");
    for (int m = 0; m < regexes.size(); m++) {
      Pattern pattern = Pattern.compile(regexes.get(m));
      for (int c = 0; c <= Character.MAX_VALUE; c++) {
        String ch = String.valueOf((char) c);
        for (String s : List.of(ch, ch + "a", "A" + ch, "A" + ch + "b")) {
          assertEquals(pattern.matcher(s).matches(), matchers.get(m).test(s), regexes.get(m) + " on U+"
              + Integer.toHexString(c) + " in '" + s + "'");
        }
      }
    }
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      String s = "a" + (char) c + "b";
      assertEquals(whitespace.matcher(s).replaceAll(""), AsciiPatterns.withoutWhitespace(s), "U+" + Integer.toHexString(c));
    }
  }

  @Test
  void anUpperCamelWordIsAQualifiedNameAndAConditionReason() {
    // ConditionTypePascalCase and ConditionReasonCamelCase test isUpperCamelWord first and the wider
    // pattern only when it fails: this implication makes that order answer as the other would.
    Random random = new Random(11);
    String letters = "AZaz09_-.,:";
    int words = 0;
    for (int n = 0; n < 100_000; n++) {
      StringBuilder s = new StringBuilder();
      for (int len = 1 + random.nextInt(6); len > 0; len--) {
        s.append(letters.charAt(random.nextInt(letters.length())));
      }
      if (AsciiPatterns.isUpperCamelWord(s.toString())) {
        words++;
        assertTrue(AsciiPatterns.isQualifiedName(s.toString()), s.toString());
        assertTrue(AsciiPatterns.isConditionReason(s.toString()), s.toString());
      }
    }
    assertTrue(words > 1_000, "words tried: " + words);
  }
}
