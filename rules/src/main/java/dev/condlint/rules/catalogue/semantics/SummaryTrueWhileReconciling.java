package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.KstatusVerdict;

/** B12: the summary condition is not True while Reconciling is True (Flux, fully reconciled status). */
// Only the top-level list: kstatus reads nothing else. Built-in kinds are skipped: their
// controllers do not write the kstatus conditions.
@RuleInfo(
    id = "summary-true-while-reconciling",
    code = "B12",
    title = "The summary is not True while Reconciling is True",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "Flux's checker requires a fully reconciled status not to be Ready while Reconciling. Mid-"
            + "reconciliation, Reconciling can be True without drift while Ready stays True, and a"
            + " webhook sees those writes too, so this is only info, and off outside Flux.",
    source = "fluxcd/pkg runtime/conditions/check FAIL0003",
    builtinKinds = false,
    onByDefault = false)
public final class SummaryTrueWhileReconciling implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    if (StatusViews.topLevelTrue(check, "Reconciling").isEmpty()) {
      return;
    }
    StatusViews.reportTopLevelSummaries(check, Condition.TRUE,
        type -> "Condition '" + type + "' is True while Reconciling is True; once reconciliation has finished,"
            + " Reconciling should be gone or '" + type + "' no longer True." + KstatusVerdict.suffix(check),
        type -> "Remove Reconciling when the reconcile finishes; while it runs, set '" + type
            + "' to Unknown or False unless nothing has drifted.");
  }
}
