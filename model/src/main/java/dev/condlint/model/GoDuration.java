package dev.condlint.model;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations in Go syntax ({@code 90s}, {@code 1h30m}, {@code 500ms}): the form Kubernetes users write in
 * manifests and flags, read the same way by the configuration, the rules' annotations, the webhook's
 * flags and the certificate tool. Where a caller allows it, {@code d} counts days ({@code 1825d}),
 * which Go lacks but certificate lifetimes want.
 */
public final class GoDuration {
  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s|m|h|d)");

  /**
   * What {@link #parse(String)} accepts, as a regular expression (Java's and ECMA 262's alike, so that
   * a JSON Schema can say the same): Go duration syntax, {@code 0} or {@code none}, blanks around.
   */
  public static final String SETTING =
      "^[\\u0000- ]*(none|0|([0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s|m|h))+)[\\u0000- ]*$";

  private static final Pattern SETTING_PATTERN = Pattern.compile(SETTING);
  private static final String SETTING_EXAMPLES = "90s, 10m or 1h30m, or none";

  private GoDuration() {}

  /**
   * Parses a setting that may be turned off: empty for {@code none} or zero.
   *
   * @throws IllegalArgumentException with a message that quotes the text, when it is not a duration
   */
  public static Optional<Duration> parse(String text) {
    if (!SETTING_PATTERN.matcher(text).matches()) {
      throw invalid(text, SETTING_EXAMPLES);
    }
    if (text.trim().equals("none")) {
      return Optional.empty();
    }
    Duration d = parse(text, false, SETTING_EXAMPLES);
    return d.isZero() ? Optional.empty() : Optional.of(d);
  }

  /**
   * Parses a duration flag ({@code --deadline 2s}); {@code 0} is zero.
   *
   * @throws IllegalArgumentException with a message that quotes the text, when it is not a duration
   */
  public static Duration parseFlag(String text) {
    return parse(text, false, "500ms, 8s, 1m or 1h30m");
  }

  /**
   * Parses a duration flag that also takes days, 24 hours each ({@code --validity 90d}).
   *
   * @throws IllegalArgumentException with a message that quotes the text, when it is not a duration
   */
  public static Duration parseFlagWithDays(String text) {
    return parse(text, true, "90d, 12h, 30m or 45s");
  }

  private static Duration parse(String text, boolean days, String examples) {
    String t = text.trim();
    if (t.equals("0")) {
      return Duration.ZERO;
    }
    Matcher m = PART.matcher(t);
    int at = 0;
    double nanos = 0;
    while (at < t.length() && m.find(at) && m.start() == at && (days || !m.group(2).equals("d"))) {
      nanos += Double.parseDouble(m.group(1)) * unitNanos(m.group(2));
      at = m.end();
    }
    if (at == 0 || at != t.length()) {
      throw invalid(text, examples);
    }
    return Duration.ofNanos((long) nanos);
  }

  private static IllegalArgumentException invalid(String text, String examples) {
    return new IllegalArgumentException(
        "invalid duration '" + text + "': expected Go duration syntax such as " + examples);
  }

  private static double unitNanos(String unit) {
    return switch (unit) {
      case "ns" -> 1;
      case "us", "µs" -> 1e3;
      case "ms" -> 1e6;
      case "s" -> 1e9;
      case "m" -> 60e9;
      case "h" -> 3600e9;
      case "d" -> 86400e9;
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
