package dev.condlint.rules.catalogue.generation;

import dev.condlint.rules.api.Rule;
import java.util.List;

/** The object rules on observedGeneration (CONVENTIONS.md §2 C). */
public final class GenerationRules {
  private GenerationRules() {}

  public static List<Rule> all() {
    return List.of(
        new ConditionObservedGenerationNotAhead(),
        new StatusObservedGenerationNotAhead(),
        new StatusObservedGenerationNonNegative(),
        new ConditionObservedGenerationSet(),
        new SummaryTrueButStale(),
        new SummaryTrueWithStaleConditions(),
        new ConditionObservedGenerationConsistent());
  }
}
