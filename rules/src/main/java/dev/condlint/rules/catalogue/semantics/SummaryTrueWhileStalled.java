package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.KstatusVerdict;
import java.util.Optional;

/** B10: the summary condition is not True while Stalled is True. */
// Only the top-level list: kstatus reads nothing else. Built-in kinds are skipped: their
// controllers do not write the kstatus conditions.
@RuleInfo(
    id = "summary-true-while-stalled",
    code = "B10",
    title = "The summary is not True while Stalled is True",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "A stalled object is stuck and needs attention, so it is not ready: kstatus reports it Failed"
            + " whatever Ready says, and Flux requires Ready to be False while Stalled is True. A True"
            + " summary next to it tells users the opposite.",
    source = "cli-utils kstatus status.go; fluxcd/pkg runtime/conditions/check FAIL0004",
    builtinKinds = false)
public final class SummaryTrueWhileStalled implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    Optional<Condition> stalled = StatusViews.topLevelTrue(check, "Stalled");
    if (stalled.isEmpty()) {
      return;
    }
    StatusViews.reportTopLevelSummaries(check, Condition.TRUE,
        type -> "Condition '" + type + "' is True while Stalled is True (reason " + stalled.get().reason()
            + "); a stalled object is not " + type + "." + KstatusVerdict.suffix(check),
        type -> "Set '" + type + "' to False with the stall's reason and message while Stalled is True.");
  }
}
