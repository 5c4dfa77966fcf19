package dev.condlint.rules.catalogue.transition;

import dev.condlint.model.ConditionPair;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import java.time.Instant;
import java.util.Optional;

/** D03: a condition's lastTransitionTime moved to before the one it already had. */
@RuleInfo(
    id = "transition-time-not-backwards",
    code = "D03",
    title = "lastTransitionTime does not move backwards",
    severity = Severity.WARNING,
    scope = Scope.UPDATE,
    rationale =
        "A transition cannot precede the one recorded before it. A lastTransitionTime earlier than the"
            + " stored one almost always means a writer with a stale copy of the status overwrote newer"
            + " status. [tool heuristic]",
    source = "apimachinery types.go (Condition.lastTransitionTime); CONVENTIONS.md §2 D03")
public final class TransitionTimeNotBackwards implements TransitionRule {
  /** It compares the old status with the new one; equal statuses differ nowhere. */
  @Override
  public boolean reportsOnlyStatusChanges() {
    return true;
  }

  @Override
  public void check(TransitionCheck check) {
    for (ConditionPair pair : check.conditionPairs()) {
      Optional<Instant> oldTime = pair.oldTransitionTime();
      Optional<Instant> newTime = pair.newTransitionTime();
      if (oldTime.isEmpty() || newTime.isEmpty() || !newTime.get().isBefore(oldTime.get())) {
        continue;
      }
      check.report(
          pair.after().pointer(ConditionPair.LAST_TRANSITION_TIME),
          "Condition '" + pair.type() + "' has lastTransitionTime \"" + pair.newTransitionTimeText()
              + "\", earlier than the \"" + pair.oldTransitionTimeText() + "\" it had; a transition cannot"
              + " precede the last one, so a writer with stale status probably overwrote newer status.",
          "Write status from a fresh read of the object (an update with its resourceVersion fails on a"
              + " stale copy), and never write back an older lastTransitionTime.");
    }
  }
}
