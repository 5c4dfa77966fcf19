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
// Applies to built-in kinds: every Kubernetes condition field is a list of structs. A custom resource
// whose CRD is known is held to that CRD's schema instead: where the schema accepts the value (a map of
// conditions, as kubermatic.k8c.io/v1 Cluster declares), the API server does too, and the schema rules
// report what it refuses.
@RuleInfo(
    id = "conditions-list-shape",
    code = "A01",
    title = "A condition list is a list of objects",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "Conditions are a []metav1.Condition: the generated schema says type: array with items of"
            + " type: object, and built-in kinds decode them into a slice of structs. A map keyed by"
            + " type, or a list of strings, is rejected by the API server and read by no client. A custom"
            + " resource whose schema nothing declares may have a map in its own API: there the finding is"
            + " an info naming the convention.",
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
        if (acceptedByCrd(check, list.pointer())) {
          continue;
        }
        if (schemaUnknown(check, list)) {
          // Nothing declares this kind's schema: its API may declare a map (kubermatic's Cluster does), so
          // the convention is all there is to say.
          check.report(Severity.INFO,
              list.pointer(),
              "The condition list is " + FieldValues.describe(node)
                  + ", not a list: conditions are conventionally a list of objects, each with its own type"
                  + " (metav1.Condition); no CRD or catalogue condlint has declares this kind's schema, so"
                  + " whether its API accepts this is not known.",
              "Write each condition as a list item if the kind's CRD declares an array; give condlint the CRD"
                  + " (--crds) to check it against the kind's own schema.");
        } else {
          check.report(
              list.pointer(),
              "The condition list is " + FieldValues.describe(node)
                  + ", not a list: conditions are a list of objects, each with its own type.",
              "Write each condition as a list item: `- type: Ready` followed by its status, reason and message.");
        }
        continue;
      }
      for (int i = 0; i < node.size(); i++) {
        if (!node.get(i).isObject() && !acceptedByCrd(check, Pointers.append(list.pointer(), i))) {
          String message = "Condition #" + i + " is " + FieldValues.describe(node.get(i))
              + ", not an object with type, status, reason and message fields";
          String hint = "Replace the item with an object such as `{type: Ready, status: \"True\", reason: ..., message: ...}`.";
          if (schemaUnknown(check, list)) {
            check.report(Severity.INFO, Pointers.append(list.pointer(), i), message + " as conditions conventionally"
                + " are; no CRD or catalogue condlint has declares this kind's schema.", hint);
          } else {
            check.report(Pointers.append(list.pointer(), i), message + ".", hint);
          }
        }
      }
    }
  }

  /**
   * Whether nothing declares the list's schema: a custom resource without a known CRD whose list no
   * declared source (configuration, schema location, catalogue, bundled CRD index) describes.
   */
  private static boolean schemaUnknown(ObjectCheck check, ConditionList list) {
    return !check.isBuiltinKind() && check.crd().isEmpty() && check.contractOf(list).declaredSchema().isEmpty();
  }

  /** Whether the object's CRD is known and its schema allows the value at {@code pointer}. */
  private static boolean acceptedByCrd(ObjectCheck check, String pointer) {
    return check.crd().isPresent() && check.schemaViolations().stream().noneMatch(v -> v.pointer().equals(pointer));
  }
}
