package dev.condlint.monitor.assess;

import com.fasterxml.jackson.databind.node.MissingNode;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.Rule;
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
    Optional<Rule> rule = engine.registry().find(RULE);
    if (rule.isEmpty() || !(rule.get() instanceof Configurable<?> configurable)) {
      return Optional.of(DEFAULT);
    }
    Object options = configurable.options(engine.config().ruleOptions().getOrDefault(RULE, MissingNode.getInstance()));
    if (options instanceof Optional<?> deadline) {
      return deadline.filter(Duration.class::isInstance).map(Duration.class::cast);
    }
    return options instanceof Duration d ? Optional.of(d) : Optional.of(DEFAULT);
  }
}
