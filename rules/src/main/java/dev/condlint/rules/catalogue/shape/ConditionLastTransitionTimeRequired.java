package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.InferredSchemaUse;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.Optional;

/** A condition without a lastTransitionTime. */
@InferredSchemaUse(fields = "an absent lastTransitionTime, where the list's other conditions carry one",
    field = "lastTransitionTime")
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
    // Built-in kinds too: their contracts say whether lastTransitionTime is required.
    builtinKinds = true)
public final class ConditionLastTransitionTimeRequired implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        byte state = list.state(i, PreparedList.LAST_TRANSITION_TIME);
        // Only an absent or null time can be a missing one.
        if (state == PreparedList.ABSENT || state == PreparedList.NULL) {
          check(check, list.condition(i));
        }
      }
    }
  }

  private static void check(ObjectCheck check, Condition c) {
    Optional<DeclaredSchema> declared = DeclaredSchema.of(check, c);
    if (declared.flatMap(d -> d.requiredFor("lastTransitionTime", c)).isEmpty()
        || (!c.field("lastTransitionTime").isMissingNode() && !c.field("lastTransitionTime").isNull())) {
      return;
    }
    check.reportMissing(
        declared.get().basis(),
        declared.get().cap(),
        "lastTransitionTime",
        c.pointer("lastTransitionTime"),
        FieldValues.name(c) + " has no lastTransitionTime; " + declared.get().requirement("it")
            + ", so that clients know since when the status holds.",
        "Set `lastTransitionTime` to the RFC 3339 time of the last status change, e.g."
            + " \"2024-05-01T12:00:00Z\".");
  }
}
