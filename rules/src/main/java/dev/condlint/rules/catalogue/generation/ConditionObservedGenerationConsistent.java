package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.catalogue.common.SummaryConditions;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.OptionalLong;

/** Flux: while the summary is True, every condition was computed from the root observedGeneration. */
@RuleInfo(
    id = "condition-observed-generation-consistent",
    code = "C07",
    title = "While the summary is True, conditions match status.observedGeneration",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Flux's conformance checker requires the status conditions' observedGenerations to equal the"
            + " root status.observedGeneration when Ready is True (FAIL0009): a finished reconciliation"
            + " writes all of them from one generation. Other ecosystems make no such promise.",
    source = "fluxcd/pkg runtime/conditions/check FAIL0009; fluxcd/pkg runtime/conditions/setter.go",
    onByDefault = false,
    // A Flux convention; Flux objects are never built-in kinds, whose conditions mostly lack the field.
    builtinKinds = false)
public final class ConditionObservedGenerationConsistent implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    OptionalLong statusObserved = check.statusObservedGeneration();
    if (check.generation().isEmpty() || statusObserved.isEmpty()) {
      return;
    }
    long root = statusObserved.getAsLong();
    for (ObservedUnderSummary.Observed o : ObservedUnderSummary.in(check)) {
      // The root observedGeneration speaks for the object's own conditions, not for nested lists.
      if (!o.list().isTopLevel() || o.observedGeneration() == root) {
        continue;
      }
      String summaryType = o.summary().type().orElseThrow();
      check.report(
          SummaryConditions.basis(check, o.summary()),
          o.condition().pointer("observedGeneration"),
          "'" + summaryType + "' is \"True\" but this condition's observedGeneration "
              + o.observedGeneration() + " differs from status.observedGeneration " + root + ": a"
              + " completed reconciliation writes every condition from the same generation.",
          "Set every condition's observedGeneration to " + root + " when '" + summaryType
              + "' becomes \"True\" (fluxcd/pkg conditions.Set does this).");
    }
  }
}
