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

/** A condition without a {@code message} where its condition type requires the key, or with one that is not a string. */
@InferredSchemaUse(fields = "an absent message, where the list's other conditions carry one", field = "message")
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
    // Built-in kinds too: their contracts (PodCondition, NodeCondition...) say the message is optional.
    builtinKinds = true)
public final class ConditionMessagePresent implements ObjectRule {
  private static final String HINT =
      "Add a human-readable `message` with the details of this occurrence (\"\" if there is nothing to say).";

  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        // A string message is neither another value nor absent.
        if (!list.isString(i, PreparedList.MESSAGE)) {
          check(check, list.condition(i));
        }
      }
    }
  }

  private static void check(ObjectCheck check, Condition c) {
    if (FieldValues.isNonStringValue(check, c, "message")) {
      // A message is a string in every condition type there is.
      check.report(c.pointer("message"), FieldValues.name(c) + " has a message that is "
          + FieldValues.describe(c.field("message")) + ", not a string; condition messages are strings.", HINT);
      return;
    }
    Optional<DeclaredSchema> declared = DeclaredSchema.of(check, c);
    if (declared.flatMap(d -> d.requiredFor("message", c)).isPresent() && FieldValues.isAbsent(check, c, "message")) {
      check.reportMissing(declared.get().basis(), declared.get().cap(), "message", c.pointer("message"),
          FieldValues.name(c) + " has no message; " + declared.get().requirement("one, possibly empty") + ".",
          HINT);
    }
  }
}
