package dev.condlint.rules.catalogue.deadline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A deadline rule: its one option is {@link #KEY}, a Go duration ({@code 90s}, {@code 1h30m}) or
 * {@code none} or 0 for no check, read by {@link RuleOption#duration(JsonNode, Optional)}; anything else
 * is a configuration error, never a silent fallback. Unset, the rule's own default applies (none: the
 * rule is off until configured).
 */
abstract class DeadlineRule implements ObjectRule, Configurable<Optional<Duration>> {
  /** The option's key under {@code rules.<id>.options}. */
  static final String KEY = "deadline";

  private final RuleOption deadline;
  private final Optional<Duration> fallback;

  /**
   * @param description what the deadline measures, for the rule's docs and the configuration schema
   * @param fallback the deadline when none is configured; empty when the rule checks nothing until then
   */
  DeadlineRule(String description, Optional<Duration> fallback) {
    this.deadline = RuleOption.duration(KEY, description);
    this.fallback = fallback;
  }

  @Override
  public final List<RuleOption> declaredOptions() {
    return List.of(deadline);
  }

  @Override
  public final Optional<Duration> options(JsonNode options) {
    return deadline.duration(options, fallback);
  }
}
