package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A condition without a string {@code message} where the condition type requires the key. */
@RuleInfo(
    id = "condition-message-present",
    code = "A10",
    title = "The condition has a message (possibly empty)",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "Generated metav1.Condition schemas list message in `required`, so a custom resource"
            + " without it is rejected; an empty string is allowed. Upstream is making message optional"
            + " (kubernetes PR #139727, #140963), hence the messageRequired setting.",
    source = "apimachinery types.go; CONVENTIONS.md §1.3 (generated schema) and §6",
    // Not for built-in kinds: PodCondition, NodeCondition and friends have an optional message.
    builtinKinds = false)
public final class ConditionMessagePresent implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    if (!check.settings().messageRequired()) {
      return;
    }
    for (Condition c : check.allConditions()) {
      String problem = null;
      if (FieldValues.isAbsent(check, c, "message")) {
        problem = "has no message";
      } else if (FieldValues.isNonStringValue(check, c, "message")) {
        problem = "has a message that is " + FieldValues.describe(c.field("message")) + ", not a string";
      }
      if (problem != null) {
        check.report(
            c.pointer("message"),
            FieldValues.name(c) + " " + problem + "; the schema requires a message string (it may be empty).",
            "Add a human-readable `message` with the details of this occurrence (\"\" if there is nothing to say).");
      }
    }
  }
}
