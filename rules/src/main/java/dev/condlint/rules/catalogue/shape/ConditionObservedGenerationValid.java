package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A condition observedGeneration that is not an integer of at least zero. */
// Applies to built-in kinds: where their conditions have observedGeneration (PodCondition since
// KEP-5067), it is an int64 too.
@RuleInfo(
    id = "condition-observed-generation-valid",
    code = "A14",
    title = "observedGeneration is an integer of at least 0",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "A condition's observedGeneration is an int64 with minimum 0 (Go: \"must be greater than or"
            + " equal to zero\"). A string or a fraction does not decode, and kstatus returns an error for"
            + " a non-integer generation.",
    source = "apimachinery types.go (Minimum=0, int64), validation.go; cli-utils kstatus; CONVENTIONS.md §5.4")
public final class ConditionObservedGenerationValid implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        byte state = list.state(i, PreparedList.OBSERVED_GENERATION);
        if (state != PreparedList.ABSENT && state != PreparedList.NULL) {
          check(check, list.condition(i));
        }
      }
    }
  }

  private static void check(ObjectCheck check, Condition c) {
    JsonNode v = c.field("observedGeneration");
    // An explicit null reads as absent: the API server drops nulls of non-nullable fields.
    if (v.isMissingNode() || v.isNull()) {
      return;
    }
    String problem;
    if (!v.isIntegralNumber()) {
      problem = "is " + FieldValues.describe(v) + ", not an integer";
    } else if (!v.canConvertToLong()) {
      problem = "is " + v.asText() + ", beyond the 64-bit integer range";
    } else if (v.asLong() < 0) {
      problem = "is " + v.asLong() + "; it must be at least 0";
    } else {
      return;
    }
    check.report(
        c.pointer("observedGeneration"),
        FieldValues.name(c) + ": observedGeneration " + problem + ".",
        "Set observedGeneration to the metadata.generation the condition was computed from, as an unquoted"
            + " integer.");
  }
}
