package dev.condlint.rules.catalogue.deadline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.api.InvalidOptionException;
import java.time.Duration;
import java.util.Optional;

/**
 * The {@code deadline} option of the deadline rules: a Go duration ({@code 90s}, {@code 1h30m}),
 * or {@code none} or zero to turn the check off. Anything else is a configuration error, never a
 * silent fallback to the default.
 */
final class DeadlineOption {
  /** The option's key under {@code rules.<id>.options}. */
  static final String KEY = "deadline";

  private DeadlineOption() {}

  /**
   * The configured deadline, or {@code fallback} when the option is not set; empty when it is off.
   * Valid: a string in Go duration syntax, {@code "none"}, or the number 0.
   *
   * @throws InvalidOptionException quoting the value, when it is not a duration
   */
  static Optional<Duration> read(JsonNode options, Optional<Duration> fallback) {
    JsonNode value = options.get(KEY);
    if (value == null) {
      return fallback;
    }
    if (value.isTextual()) {
      try {
        return GoDuration.parse(value.asText());
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(KEY, e.getMessage());
      }
    }
    if (value.isNumber() && value.asDouble() == 0) {
      return Optional.empty();
    }
    throw new InvalidOptionException(
        KEY, "invalid duration " + value + ": expected Go duration syntax such as 90s, 10m or 1h30m, or none");
  }
}
