package dev.condlint.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class GoDurationTest {
  @Test
  void parsesGoDurationSyntax() {
    assertEquals(Optional.of(Duration.ofSeconds(90)), GoDuration.parse("90s"));
    assertEquals(Optional.of(Duration.ofMinutes(90)), GoDuration.parse("1h30m"));
    assertEquals(Optional.of(Duration.ofMillis(1500)), GoDuration.parse("1.5s"));
    assertEquals(Optional.of(Duration.ofMillis(250)), GoDuration.parse("250ms"));
  }

  @Test
  void noneAndZeroMeanNoDuration() {
    assertEquals(Optional.empty(), GoDuration.parse("none"));
    assertEquals(Optional.empty(), GoDuration.parse("0"));
    assertEquals(Optional.empty(), GoDuration.parse("0s"));
  }

  @Test
  void rejectsWhatIsNotADurationWithAMessageQuotingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GoDuration.parse("10 minutes"));
    assertEquals(
        "invalid duration '10 minutes': expected Go duration syntax such as 90s, 10m or 1h30m, or none", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> GoDuration.parse("5"));
    assertThrows(IllegalArgumentException.class, () -> GoDuration.parse("-5m"));
  }

  @Test
  void flagsTakeGoSyntaxWithZeroAndWithoutNone() {
    assertEquals(Duration.ofMillis(500), GoDuration.parseFlag("500ms"));
    assertEquals(Duration.ofSeconds(2), GoDuration.parseFlag(" 2s "));
    assertEquals(Duration.ofMinutes(90), GoDuration.parseFlag("1h30m"));
    assertEquals(Duration.ZERO, GoDuration.parseFlag("0"));
    assertEquals(Duration.ZERO, GoDuration.parseFlag("0s"));
    assertEquals(
        "invalid duration 'none': expected Go duration syntax such as 500ms, 8s, 1m or 1h30m",
        assertThrows(IllegalArgumentException.class, () -> GoDuration.parseFlag("none")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> GoDuration.parseFlag("90d"));
    assertThrows(IllegalArgumentException.class, () -> GoDuration.parseFlag("-2s"));
  }

  @Test
  void onlyTheFlagsThatAllowItTakeDays() {
    assertEquals(Duration.ofDays(1825), GoDuration.parseFlagWithDays("1825d"));
    assertEquals(Duration.ofDays(90), GoDuration.parseFlagWithDays("90d"));
    assertEquals(Duration.ofHours(36), GoDuration.parseFlagWithDays("1d12h"));
    assertEquals(Duration.ofSeconds(45), GoDuration.parseFlagWithDays("45s"));
    assertEquals(
        "invalid duration '3 months': expected Go duration syntax such as 90d, 12h, 30m or 45s",
        assertThrows(IllegalArgumentException.class, () -> GoDuration.parseFlagWithDays("3 months")).getMessage());
    assertEquals(
        "invalid duration '5d': expected Go duration syntax such as 90s, 10m or 1h30m, or none",
        assertThrows(IllegalArgumentException.class, () -> GoDuration.parse("5d")).getMessage());
  }

  @Test
  void formatsLikeGo() {
    assertEquals("1h30m0s", GoDuration.format(Duration.ofMinutes(90)));
    assertEquals("45s", GoDuration.format(Duration.ofSeconds(45)));
    assertEquals("10m0s", GoDuration.format(Duration.ofMinutes(10)));
  }

  @Test
  void theSettingRegexAcceptsWhatTheParserReadsOnEveryShortString() {
    List<String> strings = new ArrayList<>(List.of(""));
    List<String> last = List.of("");
    for (int n = 0; n < 4; n++) {
      List<String> next = new ArrayList<>();
      for (String s : last) {
        for (String c : List.of("0", "1", ".", "s", "m", "h", "n", "u", "\u00b5", " ", "\t", "d", "x")) {
          next.add(s + c);
        }
      }
      strings.addAll(next);
      last = next;
    }
    strings.addAll(List.of("none", " none ", "nones", "no ne"));
    Pattern setting = Pattern.compile(GoDuration.SETTING);
    for (String s : strings) {
      assertEquals(reads(s), setting.matcher(s).matches(), "'" + s + "'");
    }
  }

  /** What parse(String) reads, by the parser alone: none, or a duration as a flag takes it. */
  private static boolean reads(String text) {
    if (text.trim().equals("none")) {
      return true;
    }
    try {
      GoDuration.parseFlag(text);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
