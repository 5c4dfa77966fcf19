package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.ConditionLookup;
import dev.condlint.rules.catalogue.common.KstatusVerdict;
import java.util.Optional;

/** B09: Reconciling and Stalled are not both True (in Flux: not both present). */
// Only the top-level list: kstatus reads nothing else. Built-in kinds are skipped: their
// controllers do not write the kstatus conditions.
@RuleInfo(
    id = "reconciling-stalled-exclusive",
    code = "B09",
    title = "Reconciling and Stalled are not both True",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "An object cannot be making progress and be stuck at once. With both True, kstatus reports"
            + " InProgress or Failed depending only on which of the two comes first in the list. Flux"
            + " requires that only one of them be present at a time.",
    source =
        "cli-utils kstatus status.go (first match in list order); fluxcd/pkg runtime/conditions/check"
            + " FAIL0005",
    builtinKinds = false)
public final class ReconcilingStalledExclusive implements ObjectRule {
  private static final String RECONCILING = "Reconciling";
  private static final String STALLED = "Stalled";

  @Override
  public void check(ObjectCheck check) {
    if (check.topLevelConditions().isEmpty()) {
      return;
    }
    ConditionList list = check.topLevelConditions().get();
    boolean presenceOnly = check.settings().reconcilingStalledPresenceExclusive();
    Optional<Condition> reconciling =
        presenceOnly ? list.find(RECONCILING) : ConditionLookup.firstWith(list, RECONCILING, Condition.TRUE);
    Optional<Condition> stalled =
        presenceOnly ? list.find(STALLED) : ConditionLookup.firstWith(list, STALLED, Condition.TRUE);
    if (reconciling.isEmpty() || stalled.isEmpty()) {
      return;
    }
    boolean reconcilingFirst = reconciling.get().index() < stalled.get().index();
    Condition later = reconcilingFirst ? stalled.get() : reconciling.get();
    check.report(
        later.pointer(),
        presenceOnly
            ? "Reconciling (" + reconciling.get().status() + ") and Stalled (" + stalled.get().status()
                + ") are both present; only one of them may be present at a time."
            : "Reconciling and Stalled are both True; kstatus goes by whichever comes first in the list"
                + " (here " + (reconcilingFirst ? RECONCILING : STALLED) + ")." + KstatusVerdict.suffix(check),
        "Remove Reconciling when the reconciler stalls (and Stalled when it makes progress again), so"
            + " that the object is either in progress or stuck.");
  }
}
