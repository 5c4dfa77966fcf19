package dev.condlint.rules.catalogue.transition;

import dev.condlint.model.RemovedCondition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import dev.condlint.rules.contract.TypeFacts;
import java.util.HashSet;
import java.util.Set;

/** D05: a condition type the old object had is missing from the new one. */
@RuleInfo(
    id = "condition-removed",
    code = "D05",
    title = "Conditions are not removed",
    severity = Severity.INFO,
    scope = Scope.UPDATE,
    rationale =
        "A removed condition takes its last known state with it: clients waiting on it see neither True"
            + " nor False. Gateway API, where several implementations write one object, says"
            + " implementations MUST NOT remove conditions they are not directly responsible for. Removal"
            + " is the convention only for types present only when abnormal (kstatus/Flux Reconciling and"
            + " Stalled, Gateway API OverlappingTLSConfig) and for types documented as removable"
            + " (cert-manager Issuing); the rule stays quiet for those.",
    source =
        "Gateway API GEP-1364 and apis/v1 status docs; kstatus README; fluxcd/pkg apis/meta;"
            + " cert-manager types_certificate.go (Issuing); CONVENTIONS.md §2 D05, §4")
public final class ConditionRemoved implements TransitionRule {
  /** It compares the old status with the new one; equal statuses differ nowhere. */
  @Override
  public boolean reportsOnlyStatusChanges() {
    return true;
  }

  @Override
  public void check(TransitionCheck check) {
    Set<String> removable = removableTypes(check);
    for (RemovedCondition removed : check.removedConditions()) {
      if (removable.contains(removed.type())) {
        continue;
      }
      check.report(
          removed.listPointer(),
          "Condition '" + removed.type() + "' (status \"" + removed.before().status() + "\") was removed;"
              + " clients that watch it lose its last known state instead of seeing it change.",
          "Keep the condition and update its status (Unknown when it is no longer known); remove only"
              + " conditions your controller owns and whose conventions say to remove them.");
    }
  }

  /** Types whose removal is expected, and immutable ones, whose removal D06 reports. */
  private static Set<String> removableTypes(TransitionCheck check) {
    TypeFacts facts = check.settings().facts();
    Set<String> types = new HashSet<>(facts.presentOnlyWhenAbnormalTypes());
    types.addAll(facts.removableTypes());
    types.addAll(facts.immutableTypes());
    return types;
  }
}
