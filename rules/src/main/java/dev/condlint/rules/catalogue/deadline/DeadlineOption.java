package dev.condlint.rules.catalogue.deadline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.catalogue.common.DurationOption;
import java.time.Duration;
import java.util.Optional;

/**
 * The {@code deadline} option of the deadline rules: a {@link DurationOption}, {@code none} or zero
 * turning the check off.
 */
final class DeadlineOption {
  /** The option's key under {@code rules.<id>.options}. */
  static final String KEY = "deadline";

  private DeadlineOption() {}

  /**
   * The configured deadline, or {@code fallback} when the option is not set; empty when it is off.
   * Valid: a string in Go duration syntax, {@code "none"}, or the number 0.
   *
   * @throws dev.condlint.rules.api.InvalidOptionException quoting the value, when it is not a duration
   */
  static Optional<Duration> read(JsonNode options, Optional<Duration> fallback) {
    JsonNode value = options.get(KEY);
    return value == null ? fallback : DurationOption.parse(value, KEY);
  }
}
