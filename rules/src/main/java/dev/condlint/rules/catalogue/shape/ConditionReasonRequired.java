package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.List;
import java.util.Set;

/** A condition without a reason, where its profile requires one. */
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
    // Not for built-in kinds: PodCondition, NodeCondition and friends have an optional reason.
    builtinKinds = false)
public final class ConditionReasonRequired implements ObjectRule {
  private static final List<String> STATUSES = List.of(Condition.TRUE, Condition.FALSE, Condition.UNKNOWN);

  @Override
  public void check(ObjectCheck check) {
    Set<String> required = check.settings().reasonRequiredStatuses();
    boolean always = required.containsAll(STATUSES);
    for (Condition c : check.allConditions()) {
      if (!always && !required.contains(c.status())) {
        continue;
      }
      boolean empty = c.text("reason").filter(String::isEmpty).isPresent();
      if (!empty && !FieldValues.isAbsent(check, c, "reason")) {
        continue;
      }
      String when = always ? "" : " when the status is " + FieldValues.quote(c.status());
      check.report(
          c.pointer("reason"),
          FieldValues.name(c) + (empty ? " has an empty reason" : " has no reason") + "; a reason is required"
              + when + " so that users and tools can tell why the condition is as it is.",
          "Set `reason` to a one-word CamelCase cause, e.g. `reason: ImagePullFailed`.");
    }
  }
}
