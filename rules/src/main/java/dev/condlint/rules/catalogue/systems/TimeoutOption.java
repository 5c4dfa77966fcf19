package dev.condlint.rules.catalogue.systems;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.RuleOption;
import dev.condlint.rules.timing.LandscaperTimeout;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Landscaper timeout rule, whose one option is its timeout under the key the Landscaper's own
 * {@code deployItemTimeouts} gives it ({@code pickup}, {@code progressingDefault}, {@code abort}): a Go
 * duration, or {@code none} or zero for no timeout, as the Landscaper reads it. Unset, the catalogue's
 * default (the Landscaper's) applies. The rule declares no other key, so the configuration loader
 * refuses any other and suggests this one.
 */
interface TimeoutOption extends Configurable<Map<String, Optional<Duration>>> {

  /** What each timeout option measures, as the rules' docs and the configuration schema say it. */
  Map<LandscaperTimeout, String> DESCRIPTIONS = Map.of(
      LandscaperTimeout.PICKUP, "How long a job may wait for a deployer to pick it up, counted from status.jobIDGenerationTime:"
          + " the Landscaper's deployItemTimeouts.pickup; 5m (the Landscaper's default) when unset.",
      LandscaperTimeout.PROGRESSING, "The progressing timeout of an item without spec.timeout: the Landscaper's"
          + " deployItemTimeouts.progressingDefault (read before v0.83); 10m (the Landscaper's default) when unset.",
      LandscaperTimeout.ABORTING, "How long a deployer has to abort a job the Landscaper asked to abort: the Landscaper's"
          + " deployItemTimeouts.abort (before v0.53); 5m (the Landscaper's default) when unset.");

  /** The Landscaper timeout this rule checks. */
  LandscaperTimeout timeout();

  /** The option, as this rule declares it: a duration under its timeout's key. */
  default RuleOption timeoutOption() {
    return RuleOption.duration(timeout().key(), DESCRIPTIONS.get(timeout()));
  }

  @Override
  default List<RuleOption> declaredOptions() {
    return List.of(timeoutOption());
  }

  /** The configured timeout as an override by key, or no override when the option is not set. */
  @Override
  default Map<String, Optional<Duration>> options(JsonNode options) {
    RuleOption option = timeoutOption();
    return options.has(option.key())
        ? Map.of(option.key(), option.duration(options, Optional.empty()))
        : Map.of();
  }
}
