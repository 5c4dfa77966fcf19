package dev.condlint.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Optional;
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
  void formatsLikeGo() {
    assertEquals("1h30m0s", GoDuration.format(Duration.ofMinutes(90)));
    assertEquals("45s", GoDuration.format(Duration.ofSeconds(45)));
    assertEquals("10m0s", GoDuration.format(Duration.ofMinutes(10)));
  }
}
