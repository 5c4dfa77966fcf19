package dev.condlint.model;

import java.time.Duration;
import java.time.Instant;

/**
 * A duration as kubectl prints ages ({@code 45s}, {@code 5m30s}, {@code 3h}, {@code 776d}, {@code 2y46d}):
 * the precision falls as the duration grows, as in apimachinery's {@code util/duration.HumanDuration},
 * so that a message says "2y46d ago", not "18629h38m51s ago".
 */
public final class HumanDuration {
  private HumanDuration() {}

  /** {@code 2024-05-31T23:00:00Z (60m ago)}: a moment and its age as of {@code now}, for messages. */
  public static String ago(Instant since, Instant now) {
    return since + " (" + format(Duration.between(since, now)) + " ago)";
  }

  public static String format(Duration d) {
    long seconds = d.getSeconds();
    if (seconds < -1) {
      return "<invalid>";
    }
    if (seconds < 0) {
      return "0s";
    }
    if (seconds < 60 * 2) {
      return seconds + "s";
    }
    long minutes = seconds / 60;
    if (minutes < 10) {
      return withRest(minutes, "m", seconds % 60, "s");
    }
    if (minutes < 60 * 3) {
      return minutes + "m";
    }
    long hours = minutes / 60;
    if (hours < 8) {
      return withRest(hours, "h", minutes % 60, "m");
    }
    if (hours < 48) {
      return hours + "h";
    }
    if (hours < 24 * 8) {
      return withRest(hours / 24, "d", hours % 24, "h");
    }
    if (hours < 24 * 365 * 2) {
      return hours / 24 + "d";
    }
    if (hours < 24 * 365 * 8) {
      return withRest(hours / 24 / 365, "y", (hours / 24) % 365, "d");
    }
    return hours / 24 / 365 + "y";
  }

  /** {@code 5m30s}: the count in the larger unit, then the rest in the smaller one unless it is none ({@code 5m}). */
  private static String withRest(long count, String unit, long rest, String restUnit) {
    return rest == 0 ? count + unit : count + unit + rest + restUnit;
  }
}
