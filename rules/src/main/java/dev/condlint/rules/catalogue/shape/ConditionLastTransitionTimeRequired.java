package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A condition without a lastTransitionTime. */
@RuleInfo(
    id = "condition-last-transition-time-required",
    code = "A12",
    title = "The condition has a lastTransitionTime",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "lastTransitionTime is required in metav1.Condition (Go validation: `Required value`): KEP-1623"
            + " makes the writer set the best value it knows instead of letting clients guess when the"
            + " status last changed.",
    source = "apimachinery types.go, validation.go; KEP-1623 (Noteworthy choices)",
    // Not for built-in kinds: PodCondition and friends have an optional lastTransitionTime.
    builtinKinds = false)
public final class ConditionLastTransitionTimeRequired implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (Condition c : check.allConditions()) {
      if (!c.field("lastTransitionTime").isMissingNode() && !c.field("lastTransitionTime").isNull()) {
        continue;
      }
      check.report(
          c.pointer("lastTransitionTime"),
          FieldValues.name(c) + " has no lastTransitionTime; it is required so that clients know since when"
              + " the status holds.",
          "Set `lastTransitionTime` to the RFC 3339 time of the last status change, e.g."
              + " \"2024-05-01T12:00:00Z\".");
    }
  }
}
