package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.AsciiPatterns;
import dev.condlint.rules.contract.ListContract;

/** A reason that does not match metav1.Condition's pattern, is too long, or is not a string. */
// Applies to built-in kinds, whose metav1.Condition lists (PodDisruptionBudget, ...) go through
// IsValidConditionReason; lengths are then counted in bytes, as ValidateCondition does. An error only
// where the list's declared schema has the pattern; elsewhere a warning, as a convention.
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
  private static final String HINT =
      "Use a one-word CamelCase reason such as `ImagePullFailed`; put details in the message.";
  // The object's condition type may take free text: the pattern is then a convention, not its schema.
  private static final SchemaOrConvention SEVERITY = new SchemaOrConvention("metav1.Condition's reason pattern");
  // The pattern `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?`, anchored at both ends (Java's `$` would also
  // accept a trailing newline, CONVENTIONS.md §5.1), is tested by AsciiPatterns.isConditionReason.

  @Override
  public void check(ObjectCheck check) {
    for (Condition c : check.allConditions()) {
      int max = FieldLimits.maxLength(check, c, "reason").orElse(Integer.MAX_VALUE);
      if (FieldValues.isNonStringValue(check, c, "reason")) {
        check.report(c.pointer("reason"), FieldValues.name(c) + " has a reason that is "
            + FieldValues.describe(c.field("reason")) + ", not a string.", HINT);
        continue;
      }
      String problem = problem(check, c.reason(), max);
      if (problem == null) {
        continue;
      }
      ListContract contract = check.contractOf(c);
      SEVERITY.report(check, contract, contract.declaredSchema().filter(s -> s.hasPattern("reason")).isPresent(),
          c.pointer("reason"),
          FieldValues.name(c) + " has " + problem + "; its condition type's schema rejects it.",
          FieldValues.name(c) + " has " + problem + "; metav1.Condition's schema would reject it, and tools"
              + " that match reasons expect such an identifier.", HINT);
    }
  }

  private static String problem(ObjectCheck check, String reason, int max) {
    if (reason.isEmpty()) {
      return null;
    }
    if (!AsciiPatterns.isConditionReason(reason)) {
      return "reason " + FieldValues.quote(reason) + ", which is not a one-word identifier matching"
          + " `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters, digits, '_', ',' and"
          + " ':'; a letter, digit or '_' last)";
    }
    int length = FieldValues.length(check, reason);
    if (length > max) {
      return "a reason of " + length + " " + FieldValues.unit(check) + ", more than " + max;
    }
    return null;
  }
}
