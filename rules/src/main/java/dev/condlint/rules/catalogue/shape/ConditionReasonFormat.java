package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.AsciiPatterns;
import java.util.Optional;

/** A reason that does not match metav1.Condition's pattern, is too long, or is not a string. */
// Applies to built-in kinds, whose metav1.Condition lists (PodDisruptionBudget, ...) go through
// IsValidConditionReason; lengths are then counted in bytes, as ValidateCondition does. An error only
// where the list's declared schema has the pattern (or length); a warning where an inferred schema the
// list is held to has it; elsewhere an info naming the convention.
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
  private static final String PATTERN_CONVENTION = "metav1.Condition's reason pattern";
  // The pattern `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?`, anchored at both ends (Java's `$` would also
  // accept a trailing newline, CONVENTIONS.md §5.1), is tested by AsciiPatterns.isConditionReason.

  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      FieldLimits.Of limits = null;
      for (int i = 0; i < list.size(); i++) {
        String reason = list.text(i, PreparedList.REASON);
        if (reason != null) {
          if (!reason.isEmpty()) {
            Condition c = list.condition(i);
            if (limits == null) {
              limits = FieldLimits.Of.of(check, c, "reason"); // the same for every condition of the list
            }
            checkReason(check, c, reason, limits);
          }
        } else if (list.state(i, PreparedList.REASON) == PreparedList.OTHER) {
          Condition c = list.condition(i);
          // Else a YAML 1.1 coercion: A06's, and no reason string to judge.
          if (FieldValues.isNonStringValue(check, c, "reason")) {
            check.report(c.pointer("reason"), FieldValues.name(c) + " has a reason that is "
                + FieldValues.describe(c.field("reason")) + ", not a string.", HINT);
          }
        }
      }
    }
  }

  private static void checkReason(ObjectCheck check, Condition c, String reason, FieldLimits.Of limits) {
    // A pattern of the condition type's own (a contract's, a CRD's, a family's) other than metav1's.
    Optional<FieldLimits.FieldPattern> own = limits.ownPattern();
    if (own.isPresent()) {
      if (!own.get().matches(reason)) {
        own.get().binding().report(check, c.pointer("reason"), FieldValues.name(c) + " has reason "
            + FieldValues.quote(reason) + ", which " + own.get().mismatch("it"),
            "Use a reason that matches its condition type's pattern; put details in the message.");
        return;
      }
    } else if (!AsciiPatterns.isConditionReason(reason)) {
      report(check, c, Binding.ofPattern(check, c, "reason", PATTERN_CONVENTION), "reason "
          + FieldValues.quote(reason) + ", which is not a one-word identifier matching"
          + " `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters, digits, '_', ',' and"
          + " ':'; a letter, digit or '_' last)");
      return;
    }
    int length = FieldValues.length(check, reason);
    // Plain tests, not Optional.filter: a lambda that captures the length is an allocation per condition.
    Optional<FieldLimits.Limit> max = limits.maxLength();
    if (max.isPresent() && length > max.get().value()) {
      report(check, c, max.get().binding(),
          "a reason of " + length + " " + FieldValues.unit(check) + ", more than " + max.get().value());
      return;
    }
    Optional<FieldLimits.Limit> least = limits.minLength();
    if (least.isPresent() && length < least.get().value()) {
      FieldLimits.Limit min = least.get();
      min.binding().report(check, c.pointer("reason"), FieldValues.name(c) + " has a reason of "
          + length + " " + FieldValues.unit(check, length) + " (" + FieldValues.quote(reason) + "); "
          + (min.binding().isDeclared() ? "this condition type requires"
              : "the convention its profile follows asks for")
          + " at least " + min.value() + " " + FieldValues.unit(check, min.value()) + ".",
          "Use a longer reason, as its condition type's schema asks.");
    }
  }

  private static void report(ObjectCheck check, Condition c, Binding binding, String problem) {
    binding.report(check, c.pointer("reason"), FieldValues.name(c) + " has " + problem + "; "
        + (binding.isDeclared()
            ? "its condition type's schema rejects it."
            : "metav1.Condition's schema would reject it, and tools that match reasons expect such an identifier."),
        HINT);
  }
}
