package dev.condlint.rules.catalogue.transition;

import dev.condlint.model.ConditionPair;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import java.time.Instant;
import java.util.Optional;

/** D01: a condition changed status but kept its lastTransitionTime. */
@RuleInfo(
    id = "transition-time-bumped-on-status-change",
    code = "D01",
    title = "lastTransitionTime changes when the status changes",
    severity = Severity.WARNING,
    scope = Scope.UPDATE,
    rationale =
        "lastTransitionTime is by definition the last time the condition transitioned from one status"
            + " to another. A status change that keeps the old time dates the new status to the previous"
            + " transition, so clients misjudge how long the object has been in it. Every condition helper"
            + " stamps a new time on a status change.",
    source =
        "apimachinery types.go (Condition.lastTransitionTime); meta.SetStatusCondition; Cluster API"
            + " conditions.Set (v1beta1, v1beta2); Flux runtime/conditions Set; Knative SetCondition;"
            + " CONVENTIONS.md §2 D01")
public final class TransitionTimeBumpedOnStatusChange implements TransitionRule {
  /** It compares the old status with the new one; equal statuses differ nowhere. */
  @Override
  public boolean reportsOnlyStatusChanges() {
    return true;
  }

  @Override
  public void check(TransitionCheck check) {
    for (ConditionPair pair : check.conditionPairs()) {
      Optional<Instant> oldTime = pair.oldTransitionTime();
      if (!pair.statusChanged() || oldTime.isEmpty() || !oldTime.equals(pair.newTransitionTime())) {
        continue;
      }
      check.report(
          pair.after().pointer(ConditionPair.LAST_TRANSITION_TIME),
          "Condition '" + pair.type() + "' changed status from \"" + pair.before().status() + "\" to \""
              + pair.after().status() + "\" but kept lastTransitionTime \"" + pair.newTransitionTimeText()
              + "\"; that is the time of the previous transition, so clients misdate the new status.",
          "Set lastTransitionTime to the time of this status change (meta.SetStatusCondition does so).");
    }
  }
}
