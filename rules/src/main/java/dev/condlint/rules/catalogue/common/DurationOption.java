package dev.condlint.rules.catalogue.common;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.api.InvalidOptionException;
import java.time.Duration;
import java.util.Optional;

/**
 * A rule option that is a duration, as Go and Kubernetes controllers read them: a string in Go syntax
 * ({@code 90s}, {@code 1h30m}), or {@code none} or zero for no duration (a check turned off). Anything
 * else is a configuration error, never a silent fallback to a default.
 */
public final class DurationOption {
  private DurationOption() {}

  /**
   * The value of the option {@code key}: empty for {@code none}, {@code "0"} or the number 0.
   *
   * @throws InvalidOptionException naming the key and quoting the value, when it is not a duration
   */
  public static Optional<Duration> parse(JsonNode value, String key) {
    if (value.isTextual()) {
      try {
        return GoDuration.parse(value.asText());
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(key, e.getMessage());
      }
    }
    if (value.isNumber() && value.asDouble() == 0) {
      return Optional.empty();
    }
    throw new InvalidOptionException(
        key, "invalid duration " + value + ": expected Go duration syntax such as 90s, 10m or 1h30m, or none");
  }
}
