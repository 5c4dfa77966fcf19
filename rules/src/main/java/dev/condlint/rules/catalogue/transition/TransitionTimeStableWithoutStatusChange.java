package dev.condlint.rules.catalogue.transition;

import dev.condlint.model.ConditionPair;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import dev.condlint.rules.profile.ProfileSettings.RestampPolicy;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** D02: a condition kept its status but moved its lastTransitionTime forward. */
@RuleInfo(
    id = "transition-time-stable-without-status-change",
    code = "D02",
    title = "lastTransitionTime stays put while the status does not change",
    severity = Severity.WARNING,
    scope = Scope.UPDATE,
    rationale =
        "A new lastTransitionTime announces a transition. meta.SetStatusCondition and Cluster API v1beta2"
            + " re-stamp it only on a status change, so a new time on an unchanged status reports a"
            + " transition that did not happen and resets every \"in this state since\" clock. Flux also"
            + " re-stamps on a reason or message change, Cluster API v1beta1 on a reason, severity or"
            + " message change, Knative on any change; the profile's restamp policy follows them.",
    source =
        "meta.SetStatusCondition; Cluster API v1beta2 conditions.Set; Flux runtime/conditions Set;"
            + " Cluster API util/conditions/deprecated/v1beta1 setter; Knative SetCondition and"
            + " groomConditionsTransitionTime; CONVENTIONS.md §2 D02, §3")
public final class TransitionTimeStableWithoutStatusChange implements TransitionRule {
  /** It compares the old status with the new one; equal statuses differ nowhere. */
  @Override
  public boolean reportsOnlyStatusChanges() {
    return true;
  }

  @Override
  public void check(TransitionCheck check) {
    RestampPolicy policy = check.settings().restampPolicy();
    for (ConditionPair pair : check.conditionPairs()) {
      Optional<Instant> oldTime = pair.oldTransitionTime();
      Optional<Instant> newTime = pair.newTransitionTime();
      // A time that moves backwards is D03's finding, not a re-stamp.
      if (!pair.statusUnchanged()
          || oldTime.isEmpty()
          || newTime.isEmpty()
          || !newTime.get().isAfter(oldTime.get())
          || allowsRestamp(policy, pair)) {
        continue;
      }
      check.report(
          pair.after().pointer(ConditionPair.LAST_TRANSITION_TIME),
          "Condition '" + pair.type() + "' kept status \"" + pair.after().status()
              + "\" but lastTransitionTime moved from \"" + pair.oldTransitionTimeText() + "\" to \""
              + pair.newTransitionTimeText() + "\"; only " + restampCause(policy)
              + " may re-stamp it, so this reports a transition that did not happen.",
          "Keep the old lastTransitionTime while the status stays the same (meta.SetStatusCondition does).");
    }
  }

  private static boolean allowsRestamp(RestampPolicy policy, ConditionPair pair) {
    return switch (policy) {
      case STATUS_ONLY -> false;
      case REASON_OR_MESSAGE -> pair.changed("reason") || pair.changed("message");
      case REASON_SEVERITY_OR_MESSAGE ->
          pair.changed("reason") || pair.changed("severity") || pair.changed("message");
      case ANY_FIELD -> !pair.changedFields().equals(List.of(ConditionPair.LAST_TRANSITION_TIME));
    };
  }

  private static String restampCause(RestampPolicy policy) {
    return switch (policy) {
      case STATUS_ONLY -> "a status change";
      case REASON_OR_MESSAGE -> "a change of status, reason or message";
      case REASON_SEVERITY_OR_MESSAGE -> "a change of status, reason, severity or message";
      case ANY_FIELD -> "a change of some other field";
    };
  }
}
