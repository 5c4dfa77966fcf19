package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.AsciiPatterns;

/** A reason that does not match metav1.Condition's pattern, is too long, or is not a string. */
// Applies to built-in kinds, whose metav1.Condition lists (PodDisruptionBudget, ...) go through
// IsValidConditionReason; lengths are then counted in bytes, as ValidateCondition does.
@RuleInfo(
    id = "condition-reason-format",
    code = "A08",
    title = "The reason matches metav1.Condition's pattern and length",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "The reason is a programmatic identifier: the schema requires"
            + " `^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$` and at most 1024 characters, and the API server"
            + " rejects other values (IsValidConditionReason for built-in kinds).",
    source = "apimachinery types.go (Pattern, MaxLength=1024); validation.go IsValidConditionReason")
public final class ConditionReasonFormat implements ObjectRule {
  // The pattern `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?`, anchored at both ends (Java's `$` would also
  // accept a trailing newline, CONVENTIONS.md §5.1), is tested by AsciiPatterns.isConditionReason.

  @Override
  public void check(ObjectCheck check) {
    int max = check.settings().reasonMaxLength();
    for (Condition c : check.allConditions()) {
      String problem = problem(check, c, max);
      if (problem != null) {
        check.report(
            c.pointer("reason"),
            FieldValues.name(c) + " " + problem + ".",
            "Use a one-word CamelCase reason such as `ImagePullFailed`; put details in the message.");
      }
    }
  }

  private static String problem(ObjectCheck check, Condition c, int max) {
    if (FieldValues.isNonStringValue(check, c, "reason")) {
      return "has a reason that is " + FieldValues.describe(c.field("reason")) + ", not a string";
    }
    String reason = c.reason();
    if (reason.isEmpty()) {
      return null;
    }
    if (!AsciiPatterns.isConditionReason(reason)) {
      return "has reason " + FieldValues.quote(reason) + ", which does not match"
          + " `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?`: it must start with a letter, contain only"
          + " letters, digits, '_', ',' and ':', and end with a letter, digit or '_'";
    }
    int length = FieldValues.length(check, reason);
    if (length > max) {
      return "has a reason of " + length + " " + FieldValues.unit(check) + "; at most " + max + " are allowed";
    }
    return null;
  }
}
