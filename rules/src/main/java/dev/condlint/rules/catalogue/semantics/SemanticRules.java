package dev.condlint.rules.catalogue.semantics;

import dev.condlint.rules.api.Rule;
import java.util.List;

/** The object rules on what conditions mean (CONVENTIONS.md §2 B). */
public final class SemanticRules {
  private SemanticRules() {}

  public static List<Rule> all() {
    return List.of(
        new ConditionTypePascalCase(),
        new ConditionTypeShort(),
        new ConditionTypeObservedState(),
        new ConditionMessageWhenAbnormal(),
        new ConditionMessageInformative(),
        new ConditionLastTransitionTimeNotFuture(),
        new SummaryConditionPresent(),
        new AbnormalTrueConditionAbsentWhenFalse(),
        new ReconcilingStalledExclusive(),
        new SummaryTrueWhileStalled(),
        new SummaryTrueWhileAbnormal(),
        new SummaryTrueWhileReconciling(),
        new SummaryUnknownNeedsReconciling(),
        new KstatusProgressDetectable(),
        new StatusPhaseField());
  }
}
