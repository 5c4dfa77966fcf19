package dev.condlint.rules.catalogue.ecosystem;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.SummaryConditions;
import java.util.Optional;
import java.util.OptionalLong;

/** Knative: the summary still says NewObservedGenFailure after the new generation was observed. */
@RuleInfo(
    id = "knative-new-observed-gen-failure",
    code = "F04",
    title = "The Knative summary does not keep reason NewObservedGenFailure once the generation is observed",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "knative/pkg marks the summary Unknown/NewObservedGenFailure before reconciling a new"
            + " generation and sets observedGeneration afterwards; if the reason survives, the reconciler"
            + " \"observed a new generation without updating the resource status\", which knative/pkg"
            + " logs for exactly this state.",
    source = "knative/pkg reconciler/reconcile_common.go",
    onByDefault = false,
    // Built-in kinds are not reconciled by knative/pkg, even when a forced profile reaches them.
    builtinKinds = false)
public final class KnativeNewObservedGenFailure implements ObjectRule {
  static final String REASON = "NewObservedGenFailure";

  @Override
  public void check(ObjectCheck check) {
    OptionalLong generation = check.generation();
    OptionalLong observed = check.statusObservedGeneration();
    // status.observedGeneration is about the object's own conditions, not nested lists.
    Optional<ConditionList> list = check.topLevelConditions();
    if (generation.isEmpty() || observed.isEmpty() || observed.getAsLong() != generation.getAsLong()
        || list.isEmpty()) {
      return;
    }
    for (Condition summary : SummaryConditions.in(check, list.get())) {
      if (!REASON.equals(summary.reason())) {
        continue;
      }
      String type = summary.type().orElseThrow();
      check.report(
          summary.pointer("reason"),
          "'" + type + "' still has reason " + REASON + " although status.observedGeneration equals"
              + " metadata.generation " + generation.getAsLong() + ": the reconciler observed the new"
              + " generation without updating the condition.",
          "Set '" + type + "' from the reconciliation's outcome (MarkTrue, MarkFalse or MarkUnknown with"
              + " a real reason) in the status update that sets observedGeneration.");
    }
  }
}
