package dev.condlint.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hand-written reader must answer exactly as the formatter and the regex it replaces. */
class Rfc3339Test {
  private static final Pattern GO_RFC3339 =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})");

  private static Optional<Instant> formatter(String s) {
    try {
      return Optional.of(OffsetDateTime.parse(s, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  private static void assertSame(String s) {
    assertEquals(formatter(s), Rfc3339.parse(s), s);
    assertEquals(GO_RFC3339.matcher(s).matches(), Rfc3339.hasGoShape(s), s);
    assertEquals(GO_RFC3339.matcher(s).matches() && formatter(s).isPresent(), Rfc3339.isGoRfc3339(s), s);
  }

  @Test
  void readsTheCommonShapes() {
    assertEquals(Optional.of(Instant.parse("2024-05-01T12:00:00Z")), Rfc3339.parse("2024-05-01T12:00:00Z"));
    assertEquals(Optional.of(Instant.parse("2024-05-01T10:30:00.123456789Z")),
        Rfc3339.parse("2024-05-01T12:30:00.123456789+02:00"));
    assertEquals(Optional.of(Instant.parse("2024-05-01T17:00:00.500Z")), Rfc3339.parse("2024-05-01T12:00:00.5-05:00"));
    assertTrue(Rfc3339.isGoRfc3339("2024-02-29T00:00:00Z"));
    assertFalse(Rfc3339.isGoRfc3339("2023-02-29T00:00:00Z"));
    assertFalse(Rfc3339.isGoRfc3339("2024-05-01T12:00Z"));
    assertEquals(Optional.of(Instant.parse("2024-02-29T00:00:00Z")), Rfc3339.parse("2024-02-29T00:00:00Z"));
    assertEquals(Optional.empty(), Rfc3339.parse("2023-02-29T00:00:00Z"));
    assertEquals(Optional.of(Instant.parse("2024-05-01T12:00:00Z")), Rfc3339.parse("2024-05-01T12:00Z"),
        "the formatter's seconds are optional");
  }

  @Test
  void edgeCasesAnswerAsTheFormatter() {
    List<String> cases = List.of(
        "", "Z", "2024-05-01T12:00:00", "2024-05-01t12:00:00z", "2024-05-01T12:00:00z", "2024-05-01 12:00:00Z",
        "0000-01-01T00:00:00Z", "0000-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2000-02-29T00:00:00Z",
        "9999-12-31T23:59:59.999999999Z", "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z", "2024-04-31T00:00:00Z",
        "2024-04-30T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-32T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01T23:60:00Z", "2024-01-01T23:59:60Z", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00.1234567890Z",
        "2024-01-01T00:00:00-00:00", "2024-01-01T00:00:00+00:00", "2024-01-01T00:00:00+17:59",
        "2024-01-01T00:00:00+18:00", "2024-01-01T00:00:00-18:00", "2024-01-01T00:00:00+18:01",
        "2024-01-01T00:00:00+19:00", "2024-01-01T00:00:00+23:59", "2024-01-01T00:00:00+24:00",
        "2024-01-01T00:00:00+05:60", "2024-01-01T00:00:00+0500", "2024-01-01T00:00:00+05", "2024-01-01T00:00:00+05:00:30",
        "2024-01-01T00:00:00ZZ", "2024-01-01T00:00:00Z ", " 2024-01-01T00:00:00Z", "+2024-01-01T00:00:00Z",
        "12024-01-01T00:00:00Z", "2024-1-01T00:00:00Z", "２０２４-01-01T00:00:00Z", "2024-01-01T00:00:00.٣Z",
        "2024-01-01T00:00:00.000000000+01:00", "1970-01-01T00:00:00Z", "0001-01-01T00:00:00Z");
    cases.forEach(Rfc3339Test::assertSame);
  }

  @Test
  void mutatedTimestampsAnswerAsTheFormatter() {
    Random random = new Random(3339);
    String alphabet = "0123456789-:T.Z+zt 9";
    List<String> seeds = List.of("2024-05-01T12:00:00Z", "1999-12-31T23:59:59.999+05:30", "2000-02-29T00:00:00-00:00",
        "2024-05-01T12:00:00.123456789Z");
    List<String> checked = new ArrayList<>();
    for (int n = 0; n < 50_000; n++) {
      StringBuilder s = new StringBuilder(seeds.get(random.nextInt(seeds.size())));
      for (int edits = 1 + random.nextInt(3); edits > 0; edits--) {
        int at = random.nextInt(s.length() + 1);
        char c = alphabet.charAt(random.nextInt(alphabet.length()));
        switch (random.nextInt(3)) {
          case 0 -> s.insert(at, c);
          case 1 -> {
            if (at < s.length()) {
              s.deleteCharAt(at);
            }
          }
          default -> {
            if (at < s.length()) {
              s.setCharAt(at, c);
            }
          }
        }
      }
      checked.add(s.toString());
    }
    checked.forEach(Rfc3339Test::assertSame);
  }
}
