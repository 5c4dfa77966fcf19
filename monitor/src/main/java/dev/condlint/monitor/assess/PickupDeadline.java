package dev.condlint.monitor.assess;

import com.fasterxml.jackson.databind.node.MissingNode;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.catalogue.deadline.PickupDeadlineExceeded;
import dev.condlint.rules.config.RuleOptions;
import dev.condlint.rules.engine.Engine;
import java.time.Duration;
import java.util.Optional;

/**
 * The pickup deadline an engine's configuration gives the {@code pickup-deadline-exceeded} rule
 * ({@code rules.pickup-deadline-exceeded.options.deadline}, 5m by default): how long a generation may
 * go unobserved before the monitor calls the object stuck, so that the rule and the monitor agree.
 */
public final class PickupDeadline {
  public static final String RULE = "pickup-deadline-exceeded";
  static final Duration DEFAULT = Duration.ofMinutes(5);

  private PickupDeadline() {}

  /** The configured deadline; empty when it is configured as none. */
  public static Optional<Duration> of(Engine engine) {
    Optional<Rule> rule = engine.ruleset().registry().find(RULE);
    if (rule.isEmpty() || !(rule.get() instanceof PickupDeadlineExceeded pickup)) {
      return Optional.of(DEFAULT);
    }
    // The engine has read these options already (a bad one would not have made an engine).
    Duration configured = RuleOptions.read(pickup,
        engine.config().ruleOptions().getOrDefault(RULE, MissingNode.getInstance())).deadline();
    return configured == null ? Optional.of(DEFAULT) : Optional.of(configured).filter(d -> !d.isZero());
  }
}
