package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.Optional;

/**
 * A message longer than the condition type allows (or shorter, or outside a pattern its schema holds it
 * to).
 */
// Applies to built-in kinds, whose metav1.Condition lists go through ValidateCondition's byte limit.
@RuleInfo(
    id = "condition-message-maxlength",
    code = "A11",
    title = "The message is within the condition type's length limits",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "metav1.Condition's schema caps message at 32768 characters and ValidateCondition at 32768"
            + " bytes; the API server rejects longer ones (Flux trims to that length). Cluster API"
            + " v1beta1 caps it at 10240 and, when present, requires at least one character. Where the"
            + " condition type's schema holds the message to a pattern (metav1.Condition's does not), the API"
            + " server rejects a message outside it.",
    source =
        "apimachinery types.go (MaxLength=32768), validation.go (maxMessageLen); cluster-api v1beta1"
            + " condition_types.go")
public final class ConditionMessageMaxLength implements ObjectRule {

  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      FieldLimits.Of limits = null;
      for (int i = 0; i < list.size(); i++) {
        String message = list.text(i, PreparedList.MESSAGE);
        if (message != null) {
          Condition c = list.condition(i);
          if (limits == null) {
            limits = FieldLimits.Of.of(check, c, "message"); // the same for every condition of the list
          }
          check(check, c, message, limits);
        }
      }
    }
  }

  private static void check(ObjectCheck check, Condition c, String message, FieldLimits.Of limits) {
    int length = FieldValues.length(check, message);
    // Plain tests, not Optional.filter: a lambda that captures the length is an allocation per condition.
    Optional<FieldLimits.Limit> max = limits.maxLength();
    Optional<FieldLimits.Limit> min = limits.minLength();
    if (max.isPresent() && length > max.get().value()) {
      max.get().binding().report(check,
          c.pointer("message"),
          FieldValues.name(c) + " has a message of " + length + " " + FieldValues.unit(check) + " ("
              + FieldValues.quote(message) + "); at most " + max.get().value() + " are allowed"
              + (max.get().binding().isDeclared() ? "" : " by convention") + ".",
          "Shorten the message: summarise, and leave long output (logs, full error chains) to events or logs.");
    } else if (min.isPresent() && length < min.get().value()) {
      min.get().binding().report(check,
          c.pointer("message"),
          FieldValues.name(c) + (length == 0 ? " has an empty message; "
              : " has a message of " + length + " " + FieldValues.unit(check, length) + " (" + FieldValues.quote(message)
                  + "); ") + (min.get().binding().isDeclared()
              ? "this condition type requires" : "the convention its profile follows asks for") + " at least "
              + min.get().value() + " " + FieldValues.unit(check, min.get().value())
              + " when the message is present.",
          length == 0 ? "Write a message, or leave the message field out." : "Write a longer message.");
    } else if (limits.ownPattern().isPresent() && !limits.ownPattern().get().matches(message)) {
      FieldLimits.FieldPattern p = limits.ownPattern().get();
      p.binding().report(check, c.pointer("message"),
          FieldValues.name(c) + " has message " + FieldValues.quote(message) + ", which " + p.mismatch("it"),
          "Write a message that matches its condition type's pattern.");
    }
  }
}
