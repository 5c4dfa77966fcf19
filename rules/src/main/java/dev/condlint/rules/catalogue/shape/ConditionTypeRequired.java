package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.Pointers;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.FieldRule;
import java.util.Optional;
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
            + " spec also makes it REQUIRED with no default. A condition type that declares no required"
            + " type (OLM's ClusterServiceVersion phase records, its InstallPlan's optional type) is left alone."
            + " A list that nothing declares and none of whose items has a type is a phase history (Volcano's"
            + " JobCondition), not checked, unless every item's status is True, False or Unknown, a typed"
            + " condition's: then each missing type is a warning, inferred.",
    source =
        "apimachinery types.go and validation.go (ValidateCondition); apiextensions validation.go"
            + " (list-map keys); knative/specs error-signalling.md; operator-framework/api@3048ccd"
            + " pkg/operators/v1alpha1 ClusterServiceVersionCondition, InstallPlanCondition")
public final class ConditionTypeRequired implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        // A non-empty string type, as most are: no problem to look for.
        if (list.type(i) == null) {
          check(check, list.condition(i));
        }
      }
    }
  }

  private static void check(ObjectCheck check, Condition c) {
    String problem = problem(check, c);
    if (problem != null) {
      String message = "Condition #" + c.index() + " " + problem + "; the type is required and identifies the condition.";
      String hint = "Set `type` to the condition's CamelCase name, e.g. `type: Ready`.";
      if (FieldValues.isAbsent(check, c, "type") && untypedList(check, c)) {
        // Nothing declares the list and none of its conditions has a type: it is judged at all only
        // because their statuses are a typed condition's, evidence, so a warning that says so.
        check.reportAbsent(Optional.of(UNTYPED), Severity.WARNING, "type", c.pointer("type"),
            "Condition #" + c.index() + " has no type, and no condition of its list has one; a status of"
                + " \"True\", \"False\" or \"Unknown\" says that something holds, and the type names what (inferred"
                + " from " + UNTYPED.detail() + ").", hint);
      } else if (FieldValues.isAbsent(check, c, "type")) {
        check.reportAbsent(Severity.ERROR, "type", c.pointer("type"), message, hint);
      } else {
        check.report(c.pointer("type"), message, hint);
      }
    }
  }

  /** The basis of a finding on a list that is judged only because its statuses are a typed condition's. */
  static final ContractBasis UNTYPED = new ContractBasis(ContractBasis.Source.INFERRED,
      "the statuses of the list's conditions, True, False or Unknown as only a typed condition's are");

  /** Whether the condition's list has no typed condition, and no declared schema (the engine judges it by its statuses). */
  private static boolean untypedList(ObjectCheck check, Condition c) {
    String parent = Pointers.parent(c.pointer());
    return check.conditionLists().stream().filter(l -> l.pointer().equals(parent)).findFirst()
        .filter(l -> !l.hasTypedCondition()).isPresent()
        && check.contractOf(c).declaredSchema().isEmpty();
  }

  private static String problem(ObjectCheck check, Condition c) {
    if (FieldValues.isAbsent(check, c, "type")) {
      return typeIsOptional(check, c) ? null : "has no type";
    }
    if (c.text("type").filter(String::isEmpty).isPresent()) {
      return "has an empty type";
    }
    if (FieldValues.isNonStringValue(check, c, "type")) {
      return "has a type that is " + FieldValues.describe(c.field("type")) + ", not a string";
    }
    return null;
  }

  /**
   * Whether the condition type its list declares has no required type: OLM's ClusterServiceVersion
   * conditions are phase records without one, and its InstallPlan's make it optional. Only a declared
   * schema says so; without one, a type is required.
   */
  private static boolean typeIsOptional(ObjectCheck check, Condition c) {
    Optional<ConditionSchema> schema = check.contractOf(c).declaredSchema();
    if (schema.isEmpty()) {
      return false;
    }
    FieldRule rule = schema.get().fields().get("type");
    return rule == null || !rule.required();
  }
}
