package dev.condlint.model;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations in Go syntax ({@code 90s}, {@code 1h30m}, {@code 500ms}), plus {@code none}: the form
 * Kubernetes users write in manifests and flags. Zero and {@code none} both mean "no duration".
 */
public final class GoDuration {
  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s|m|h)");

  private GoDuration() {}

  /**
   * Parses a duration; empty for {@code none} or zero.
   *
   * @throws IllegalArgumentException with a message that quotes the text, when it is not a duration
   */
  public static Optional<Duration> parse(String text) {
    String t = text.trim();
    if (t.equals("none") || t.equals("0")) {
      return Optional.empty();
    }
    Matcher m = PART.matcher(t);
    int at = 0;
    double nanos = 0;
    while (at < t.length() && m.find(at) && m.start() == at) {
      nanos += Double.parseDouble(m.group(1)) * unitNanos(m.group(2));
      at = m.end();
    }
    if (at == 0 || at != t.length()) {
      throw new IllegalArgumentException(
          "invalid duration '" + text + "': expected Go duration syntax such as 90s, 10m or 1h30m, or none");
    }
    Duration d = Duration.ofNanos((long) nanos);
    return d.isZero() ? Optional.empty() : Optional.of(d);
  }

  private static double unitNanos(String unit) {
    return switch (unit) {
      case "ns" -> 1;
      case "us", "µs" -> 1e3;
      case "ms" -> 1e6;
      case "s" -> 1e9;
      case "m" -> 60e9;
      case "h" -> 3600e9;
      default -> throw new IllegalStateException(unit);
    };
  }

  /** Formats a duration the way Go prints it ({@code 1h30m0s}), for messages. */
  public static String format(Duration d) {
    long s = d.getSeconds();
    StringBuilder sb = new StringBuilder();
    if (s >= 3600) {
      sb.append(s / 3600).append('h');
      s %= 3600;
    }
    if (sb.length() > 0 || s >= 60) {
      sb.append(s / 60).append('m');
      s %= 60;
    }
    sb.append(s).append('s');
    return sb.toString();
  }
}
