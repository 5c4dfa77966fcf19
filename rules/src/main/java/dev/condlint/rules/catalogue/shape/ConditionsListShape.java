package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Pointers;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A condition list that is not a list of objects. */
// Applies to built-in kinds: every Kubernetes condition field is a list of structs.
@RuleInfo(
    id = "conditions-list-shape",
    code = "A01",
    title = "A condition list is a list of objects",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "Conditions are a []metav1.Condition: the generated schema says type: array with items of"
            + " type: object, and built-in kinds decode them into a slice of structs. A map keyed by"
            + " type, or a list of strings, is rejected by the API server and read by no client.",
    source = "apimachinery pkg/apis/meta/v1/types.go (Condition); CONVENTIONS.md §1.3 (generated schema)")
public final class ConditionsListShape implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (ConditionList list : check.conditionLists()) {
      JsonNode node = list.node();
      // A null list is what `conditions:` without a value reads as; the API server drops such nulls.
      if (node.isNull()) {
        continue;
      }
      if (!node.isArray()) {
        check.report(
            list.pointer(),
            "The condition list is " + FieldValues.describe(node)
                + ", not a list: conditions are a list of objects, each with its own type.",
            "Write each condition as a list item: `- type: Ready` followed by its status, reason and message.");
        continue;
      }
      for (int i = 0; i < node.size(); i++) {
        if (!node.get(i).isObject()) {
          check.report(
              Pointers.append(list.pointer(), i),
              "Condition #" + i + " is " + FieldValues.describe(node.get(i))
                  + ", not an object with type, status, reason and message fields.",
              "Replace the item with an object such as `{type: Ready, status: \"True\", reason: ..., message: ...}`.");
        }
      }
    }
  }
}
