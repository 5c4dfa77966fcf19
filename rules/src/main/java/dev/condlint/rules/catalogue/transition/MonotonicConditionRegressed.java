package dev.condlint.rules.catalogue.transition;

import dev.condlint.model.ConditionPair;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import java.util.Map;

/** D07: a condition type configured as monotonic left its terminal status. */
@RuleInfo(
    id = "monotonic-condition-regressed",
    code = "D07",
    title = "Monotonic conditions do not leave their terminal status",
    severity = Severity.WARNING,
    scope = Scope.UPDATE,
    rationale =
        "Some transitions are one-way: api-conventions notes that \"some condition transitions may be"
            + " monotonic\" and that a True Succeeded implies completion. A completed object that turns"
            + " back tells clients that already acted on the completion something that cannot be. The"
            + " types and their terminal status are configured (settings.monotonicTypes); none by default.",
    source = "kubernetes/community api-conventions.md (Typical status properties); CONVENTIONS.md §2 D07")
public final class MonotonicConditionRegressed implements TransitionRule {
  /** It compares the old status with the new one; equal statuses differ nowhere. */
  @Override
  public boolean reportsOnlyStatusChanges() {
    return true;
  }

  @Override
  public void check(TransitionCheck check) {
    Map<String, String> terminal = check.settings().facts().monotonicTypes();
    if (terminal.isEmpty()) {
      return;
    }
    for (ConditionPair pair : check.conditionPairs()) {
      String end = terminal.get(pair.type());
      if (end == null || !pair.statusChanged() || !end.equals(pair.before().status())) {
        continue;
      }
      check.report(
          pair.after().pointer("status"),
          "Condition '" + pair.type() + "' went from its terminal status \"" + end + "\" to \""
              + pair.after().status() + "\"; '" + pair.type() + "' is monotonic, so once \"" + end
              + "\" it stays so.",
          "Keep '" + pair.type() + "' at \"" + end + "\"; to run again, create a new object.");
    }
  }
}
