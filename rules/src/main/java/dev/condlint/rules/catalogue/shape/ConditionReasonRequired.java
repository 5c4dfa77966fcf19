package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.InferredSchemaUse;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.FieldRule;
import java.util.Optional;

/** A condition without a reason, where its condition type requires one. */
@InferredSchemaUse(values = "an empty reason", claim = "reason.minLength",
    valuesInfo = "an empty reason, as an info naming metav1.Condition's convention",
    fields = "an absent reason, where the list's other conditions carry one", field = "reason")
@RuleInfo(
    id = "condition-reason-required",
    code = "A07",
    title = "The condition has a non-empty reason",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "metav1.Condition's reason is required with minLength 1 (\"This field may not be empty\");"
            + " api-conventions: \"Use of the Reason field is required\"; KEP-1623 wants a reason even"
            + " for \"unknown unknowns\". Knative requires one only for status False.",
    source =
        "apimachinery types.go; api-conventions.md; KEP-1623; knative/specs error-signalling.md rule 3",
    // Built-in kinds too: their contracts (PodCondition, NodeCondition...) say the reason is optional.
    builtinKinds = true)
public final class ConditionReasonRequired implements ObjectRule {
  private static final String HINT = "Set `reason` to a one-word CamelCase cause, e.g. `reason: ImagePullFailed`.";
  /** The convention an empty reason breaks where the rung that infers metav1 does not claim it. */
  private static final String CONVENTION = "metav1's reason minLength 1";
  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      Optional<DeclaredSchema> declared = null;
      for (int i = 0; i < list.size(); i++) {
        String reason = list.text(i, PreparedList.REASON);
        if (reason != null && !reason.isEmpty()) {
          continue; // neither empty nor absent: nothing to report, whatever the schema requires
        }
        Condition c = list.condition(i);
        if (declared == null) {
          declared = DeclaredSchema.of(check, c); // the same for every condition of the list
        }
        check(check, c, declared);
      }
    }
  }

  private static void check(ObjectCheck check, Condition c, Optional<DeclaredSchema> declared) {
    Optional<FieldRule> rule = declared.flatMap(d -> d.requiredFor("reason", c));
    if (rule.isEmpty()) {
      return;
    }
    boolean empty = rule.get().nonEmpty() && c.text("reason").filter(String::isEmpty).isPresent();
    boolean absent = FieldValues.isAbsent(check, c, "reason");
    if (!empty && !absent) {
      return;
    }
    if (empty && declared.get().inferred() && !declared.get().known().claims("reason.minLength")) {
      // The rung holds the values but does not claim this one: most CRD condition types that carry these fields
      // accept an empty reason (RungClaimMeasurementTest), so it is only metav1.Condition's convention.
      Binding.convention(check, c, CONVENTION).report(check, c.pointer("reason"), FieldValues.name(c)
          + " has an empty reason; metav1.Condition, which its fields suggest, requires a non-empty one, but"
          + " many condition types with these fields accept it: condlint does not know this kind's.", HINT);
      return;
    }
    String when = rule.get().whenStatus().isEmpty() ? "" : " when the status is " + FieldValues.quote(c.status());
    String message = FieldValues.name(c) + (empty ? " has an empty reason" : " has no reason") + "; "
        + declared.get().requirement((empty ? "a non-empty one" : "one") + when)
        + ", so that users and tools can tell why the condition is as it is.";
    if (absent) {
      check.reportMissing(declared.get().basis(), declared.get().cap(), "reason", c.pointer("reason"), message, HINT);
    } else {
      check.report(declared.get().basis(), declared.get().cap(), c.pointer("reason"), message, HINT);
    }
  }
}
