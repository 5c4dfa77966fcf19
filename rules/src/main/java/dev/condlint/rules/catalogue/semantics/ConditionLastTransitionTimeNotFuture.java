package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.GoDuration;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.time.Instant;
import java.util.Optional;

/** B06: a lastTransitionTime is not later than now plus the allowed clock skew. */
// Built-in kinds are checked too: their conditions have the same lastTransitionTime, and a time in
// the future is a wrong clock or a bug whoever wrote it.
@RuleInfo(
    id = "condition-last-transition-time-not-future",
    code = "B06",
    title = "lastTransitionTime is not in the future",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "lastTransitionTime is the last time the condition changed, a past instant. A time in the"
            + " future comes from a skewed clock or a made-up value, and makes every 'since' computed"
            + " from it wrong. Epoch placeholders (Gateway API defaults 1970-01-01T00:00:00Z) are in the"
            + " past and fine.",
    source = "apimachinery types.go (lastTransitionTime doc comment); gateway-api CRD conditions default")
public final class ConditionLastTransitionTimeNotFuture implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    if (check.now().isEmpty()) {
      return;
    }
    Instant now = check.now().get();
    Instant latest = now.plus(check.settings().clockSkew());
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        // Only a string can be a time.
        if (list.isString(i, PreparedList.LAST_TRANSITION_TIME)) {
          check(check, list.condition(i), now, latest);
        }
      }
    }
  }

  private static void check(ObjectCheck check, Condition c, Instant now, Instant latest) {
    // Unparseable times are A13's finding.
    Optional<Instant> time = c.lastTransitionTime();
    if (time.isEmpty() || !time.get().isAfter(latest)) {
      return;
    }
    String text = c.text("lastTransitionTime").orElse("");
    check.report(
        c.pointer("lastTransitionTime"),
        "lastTransitionTime '" + text + "' of " + StatusViews.label(c) + " is in the future (now is "
            + now + ", allowed clock skew " + GoDuration.format(check.settings().clockSkew())
            + "); it must be the last time the condition changed.",
        "Set lastTransitionTime from the writer's clock when the status changes (meta.SetStatusCondition"
            + " does this), and check that clock.");
  }
}
