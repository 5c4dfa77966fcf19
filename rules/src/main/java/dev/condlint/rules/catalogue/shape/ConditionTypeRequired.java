package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A condition without a non-empty string {@code type}. */
// Applies to built-in kinds: every condition type of the API has a required type, the list's key.
@RuleInfo(
    id = "condition-type-required",
    code = "A02",
    title = "Every condition has a non-empty string type",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "The type is required (+required; ValidateCondition reports `Required value`) and is the key"
            + " of the list map, so the API server and every client look conditions up by it. Knative's"
            + " spec also makes it REQUIRED with no default.",
    source =
        "apimachinery types.go and validation.go (ValidateCondition); apiextensions validation.go"
            + " (list-map keys); knative/specs error-signalling.md")
public final class ConditionTypeRequired implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (Condition c : check.allConditions()) {
      String problem = problem(check, c);
      if (problem != null) {
        check.report(
            c.pointer("type"),
            "Condition #" + c.index() + " " + problem + "; the type is required and identifies the condition.",
            "Set `type` to the condition's CamelCase name, e.g. `type: Ready`.");
      }
    }
  }

  private static String problem(ObjectCheck check, Condition c) {
    if (FieldValues.isAbsent(check, c, "type")) {
      return "has no type";
    }
    if (c.text("type").filter(String::isEmpty).isPresent()) {
      return "has an empty type";
    }
    if (FieldValues.isNonStringValue(check, c, "type")) {
      return "has a type that is " + FieldValues.describe(c.field("type")) + ", not a string";
    }
    return null;
  }
}
