package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * RFC 3339 timestamps as the rules read them, with the answers of
 * {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME} at a fraction of its cost.
 *
 * <p>The common shape, Go's {@code time.RFC3339} layout ({@code 2024-05-01T12:00:00Z}, up to nine
 * fraction digits, {@code Z} or {@code ±hh:mm}), is read by hand when every field is plainly in range;
 * anything else (another shape, an impossible date, an unusual offset) goes to the formatter, so the
 * results are the formatter's in every case.
 */
public final class Rfc3339 {
  // The offsets the fast path takes; the formatter decides the rare ones beyond (it allows up to ±18:00).
  private static final int FAST_MAX_OFFSET_HOURS = 17;

  private Rfc3339() {}

  /** {@code OffsetDateTime.parse(text, ISO_OFFSET_DATE_TIME).toInstant()}, or empty when that throws. */
  public static Optional<Instant> parse(String text) {
    Instant fast = fastParse(text);
    if (fast != null) {
      return Optional.of(fast);
    }
    try {
      return Optional.of(OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /** {@link #parse(String)} of a string node; empty for a missing node and for any other value. */
  public static Optional<Instant> parse(JsonNode node) {
    return node != null && node.isTextual() ? parse(node.asText()) : Optional.empty();
  }

  /**
   * Whether the text has the shape of Go's {@code time.RFC3339} layout:
   * {@code \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})}, whole. Says nothing
   * about the ranges of the fields (month 13 has the shape).
   */
  public static boolean hasGoShape(String s) {
    int n = s.length();
    if (n < 20 || !digits(s, 0, 4) || s.charAt(4) != '-' || !digits(s, 5, 2) || s.charAt(7) != '-'
        || !digits(s, 8, 2) || s.charAt(10) != 'T' || !digits(s, 11, 2) || s.charAt(13) != ':'
        || !digits(s, 14, 2) || s.charAt(16) != ':' || !digits(s, 17, 2)) {
      return false;
    }
    int i = 19;
    if (s.charAt(i) == '.') {
      int start = ++i;
      while (i < n && isDigit(s.charAt(i))) {
        i++;
      }
      int fraction = i - start;
      if (fraction < 1 || fraction > 9) {
        return false;
      }
    }
    if (i == n) {
      return false;
    }
    char zone = s.charAt(i);
    if (zone == 'Z') {
      return i + 1 == n;
    }
    return (zone == '+' || zone == '-') && i + 6 == n && digits(s, i + 1, 2) && s.charAt(i + 3) == ':'
        && digits(s, i + 4, 2);
  }

  /** Whether the text has Go's RFC 3339 shape and is a real date-time (A13's test). */
  public static boolean isGoRfc3339(String s) {
    return hasGoShape(s) && parse(s).isPresent();
  }

  /** The instant when the text has Go's shape and every field is plainly valid; else null. */
  private static Instant fastParse(String s) {
    if (!hasGoShape(s)) {
      return null;
    }
    int year = number(s, 0, 4);
    int month = number(s, 5, 2);
    int day = number(s, 8, 2);
    int hour = number(s, 11, 2);
    int minute = number(s, 14, 2);
    int second = number(s, 17, 2);
    if (month < 1 || month > 12 || day < 1 || day > lengthOfMonth(year, month) || hour > 23 || minute > 59
        || second > 59) {
      return null;
    }
    int i = 19;
    int nanos = 0;
    if (s.charAt(i) == '.') {
      i++;
      int digits = 0;
      while (isDigit(s.charAt(i))) {
        nanos = nanos * 10 + (s.charAt(i) - '0');
        digits++;
        i++;
      }
      for (; digits < 9; digits++) {
        nanos *= 10;
      }
    }
    int offsetSeconds = 0;
    if (s.charAt(i) != 'Z') {
      int offsetHours = number(s, i + 1, 2);
      int offsetMinutes = number(s, i + 4, 2);
      if (offsetHours > FAST_MAX_OFFSET_HOURS || offsetMinutes > 59) {
        return null;
      }
      offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (s.charAt(i) == '-' ? -1 : 1);
    }
    long epochSecond = LocalDate.of(year, month, day).toEpochDay() * 86_400L
        + hour * 3600L + minute * 60L + second - offsetSeconds;
    return Instant.ofEpochSecond(epochSecond, nanos);
  }

  private static int lengthOfMonth(int year, int month) {
    return switch (month) {
      case 2 -> java.time.Year.isLeap(year) ? 29 : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
  }

  private static boolean digits(String s, int from, int count) {
    for (int i = from; i < from + count; i++) {
      if (!isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int number(String s, int from, int count) {
    int n = 0;
    for (int i = from; i < from + count; i++) {
      n = n * 10 + (s.charAt(i) - '0');
    }
    return n;
  }
}
