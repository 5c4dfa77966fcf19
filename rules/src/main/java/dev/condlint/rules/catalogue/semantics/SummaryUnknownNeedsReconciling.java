package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** B13: an Unknown summary condition comes with Reconciling=True (Flux). */
// Only the top-level list: kstatus reads nothing else. Built-in kinds are skipped: their
// controllers do not write the kstatus conditions.
@RuleInfo(
    id = "summary-unknown-needs-reconciling",
    code = "B13",
    title = "An Unknown summary comes with Reconciling=True",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "In Flux, Ready=Unknown means the object is being worked on, which Reconciling=True must say"
            + " too: tools that follow kstatus read progress from Reconciling, and an Unknown summary"
            + " without it is neither ready, failed nor visibly in progress. Off outside Flux.",
    source = "fluxcd/pkg runtime/conditions/check FAIL0011 (in-progress checker)",
    builtinKinds = false,
    onByDefault = false)
public final class SummaryUnknownNeedsReconciling implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    if (StatusViews.topLevelTrue(check, "Reconciling").isPresent()) {
      return;
    }
    StatusViews.reportTopLevelSummaries(check, Condition.UNKNOWN,
        type -> "Condition '" + type + "' is Unknown but there is no Reconciling=True condition; an Unknown"
            + " summary means the object is being reconciled, which Reconciling must say.",
        type -> "Add Reconciling=True (with the same reason, e.g. Progressing) while '" + type
            + "' is Unknown, and remove it when the reconcile ends.");
  }
}
