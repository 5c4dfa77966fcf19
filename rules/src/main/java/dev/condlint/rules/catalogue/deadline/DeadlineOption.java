package dev.condlint.rules.catalogue.deadline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.api.RuleOptions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The {@code deadline} option of the deadline rules: a Go duration ({@code 90s}, {@code 1h30m}),
 * or {@code none} or zero to turn the check off. Anything else is a configuration error, never a
 * silent fallback to the default.
 */
public final class DeadlineOption {
  /** The option's key under {@code rules.<id>.options}. */
  public static final String KEY = "deadline";

  /** The ids of the rules that take this option, for the configuration loader. */
  public static final List<String> RULE_IDS =
      List.of(ProgressDeadlineExceeded.ID, PickupDeadlineExceeded.ID, StalledWithoutRecovery.ID);

  private DeadlineOption() {}

  /**
   * What is wrong with an option value, for the configuration loader; empty when it is valid.
   * Valid: a string in Go duration syntax, {@code "none"}, or the number 0.
   */
  public static Optional<String> problem(JsonNode value) {
    try {
      parse(value);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(e.getMessage());
    }
  }

  /**
   * The configured deadline, or {@code fallback} when the option is not set; empty when it is off.
   *
   * @throws IllegalArgumentException naming the rule and quoting the value, when it is not a duration
   */
  static Optional<Duration> of(RuleOptions options, String ruleId, Optional<Duration> fallback) {
    JsonNode value = options.node().get(KEY);
    if (value == null) {
      return fallback;
    }
    try {
      return parse(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("rules." + ruleId + ".options." + KEY + ": " + e.getMessage(), e);
    }
  }

  private static Optional<Duration> parse(JsonNode value) {
    if (value.isTextual()) {
      return GoDuration.parse(value.asText());
    }
    if (value.isNumber() && value.asDouble() == 0) {
      return Optional.empty();
    }
    throw new IllegalArgumentException(
        "invalid duration " + value + ": expected Go duration syntax such as 90s, 10m or 1h30m, or none");
  }
}
