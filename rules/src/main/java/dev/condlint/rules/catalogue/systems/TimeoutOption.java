package dev.condlint.rules.catalogue.systems;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.api.InvalidOptionException;
import dev.condlint.rules.catalogue.common.DurationOption;
import dev.condlint.rules.timing.LandscaperTimeout;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The option of a Landscaper timeout rule: the timeout under the key the Landscaper's own
 * {@code deployItemTimeouts} gives it ({@code pickup}, {@code progressingDefault}, {@code abort}), a Go
 * duration, or {@code none} or zero for no timeout, as the Landscaper reads it. Unset, the catalogue's
 * default (the Landscaper's) applies. Any other key is a mistake, reported with the key the rule takes.
 */
final class TimeoutOption {
  private TimeoutOption() {}

  /** The configured timeout as an override by key, or no override when the option is not set. */
  static Map<String, Optional<Duration>> read(JsonNode options, LandscaperTimeout timeout) {
    String key = timeout.key();
    for (String name : (Iterable<String>) options::fieldNames) {
      if (!name.equals(key)) {
        throw new InvalidOptionException(name, "unknown option: this rule takes only " + key
            + " (deployItemTimeouts." + key + " in the Landscaper's configuration)");
      }
    }
    JsonNode value = options.get(key);
    return value == null ? Map.of() : Map.of(key, DurationOption.parse(value, key));
  }
}
