package dev.condlint.rules.catalogue.transition;

import dev.condlint.rules.api.Rule;
import java.util.List;

/** The UPDATE rules, old object to new (CONVENTIONS.md §2 D). */
public final class TransitionRules {
  private TransitionRules() {}

  public static List<Rule> all() {
    return List.of(
        new TransitionTimeBumpedOnStatusChange(),
        new TransitionTimeStableWithoutStatusChange(),
        new TransitionTimeNotBackwards(),
        new ObservedGenerationNotDecreasing(),
        new ConditionRemoved(),
        new ImmutableConditionModified(),
        new MonotonicConditionRegressed());
  }
}
