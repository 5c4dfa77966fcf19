package dev.condlint.rules.catalogue.deadline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.api.RuleOption;
import java.util.Optional;

/**
 * The {@code deadline} option of the deadline rules: a Go duration ({@code 90s}, {@code 1h30m}),
 * or {@code none} or zero to turn the check off ({@link RuleOption#duration(JsonNode, Optional)}
 * reads it). Anything else is a configuration error, never a silent fallback to the default.
 */
final class DeadlineOption {
  /** The option's key under {@code rules.<id>.options}. */
  static final String KEY = "deadline";

  private DeadlineOption() {}

  /** The option as a rule declares it, with what its deadline is about and its default. */
  static RuleOption declared(String description) {
    return RuleOption.duration(KEY, description);
  }
}
