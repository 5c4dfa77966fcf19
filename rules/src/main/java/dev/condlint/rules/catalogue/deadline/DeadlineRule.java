package dev.condlint.rules.catalogue.deadline;

import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.ObjectRule;
import java.time.Duration;
import java.util.Optional;

/**
 * A deadline rule: its one option is {@link #KEY}, a Go duration ({@code 90s}, {@code 1h30m}) or
 * {@code none} or 0 for no check; anything else is a configuration error, never a silent fallback.
 * Unset, the rule's own default applies (none: the rule is off until configured). Each rule's options
 * are a record of its own, which describes the deadline in the rule's terms.
 */
abstract class DeadlineRule<O extends Record & DeadlineRule.Deadline> implements ObjectRule, Configurable<O> {
  /** The option's key under {@code rules.<id>.options}: the name of the records' component. */
  static final String KEY = "deadline";

  /** The options of a deadline rule: the configured deadline, zero for none, {@code null} when unset. */
  interface Deadline {
    Duration deadline();
  }

  private final Class<O> optionsType;
  private final Optional<Duration> fallback;

  /**
   * @param optionsType the rule's options record
   * @param fallback the deadline when none is configured; empty when the rule checks nothing until then
   */
  DeadlineRule(Class<O> optionsType, Optional<Duration> fallback) {
    this.optionsType = optionsType;
    this.fallback = fallback;
  }

  @Override
  public final Class<O> optionsType() {
    return optionsType;
  }

  /** The deadline in force: the configured one, empty when that is none, the rule's default when unset. */
  final Optional<Duration> deadline(O options) {
    Duration configured = options.deadline();
    return configured == null ? fallback : Optional.of(configured).filter(d -> !d.isZero());
  }
}
