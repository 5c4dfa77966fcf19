package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.ConditionFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * E04: the condition item schema requires type and status, which every condition type needs; a schema
 * that resembles a known condition struct (its fields and markers) without requiring what that struct
 * requires gets an info naming the struct.
 */
@RuleInfo(
    id = "crd-condition-required-fields",
    code = "E04",
    title = "The condition item schema requires type and status",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "A condition without a type cannot be looked up and one without a status says nothing, whatever"
            + " the condition type; a schema that does not require them lets controllers write conditions"
            + " that consumers (kstatus, kubectl wait, dashboards) cannot interpret. Which other fields are"
            + " required is the condition type's own choice (metav1.Condition requires five, Knative's and"
            + " cert-manager's two, Karpenter's NodeClaim three): a schema that carries metav1.Condition's"
            + " markers but not its required list gets an info, nothing more.",
    source = "api-conventions (conditions: type and status); apimachinery metav1.Condition markers; KEP-1623;"
        + " CONVENTIONS.md §2 E04")
public final class CrdConditionRequiredFields extends ConditionItemRule {
  private static final List<String> EVERY_CONDITION_TYPE = List.of("type", "status");

  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    Set<String> required = ItemFamily.required(items);
    // Only fields the condition type has: one it lacks altogether (Argo CD's conditions have no status)
    // is no required field left optional.
    List<String> missing = new ArrayList<>();
    for (String field : EVERY_CONDITION_TYPE) {
      if (!required.contains(field) && items.property(field).exists()) {
        missing.add(field);
      }
    }
    if (!missing.isEmpty()) {
      check.report(
          items.at("required"),
          where(check, list) + " items do not require " + String.join(", ", missing)
              + ", so conditions without them pass the API server; every condition type needs a type and a"
              + " status.",
          "Add " + String.join(", ", missing) + " to items.required (kubebuilder: +required on those fields,"
              + " or use metav1.Condition).");
      return;
    }
    if (ItemFamily.of(check, items).isPresent()) {
      return;
    }
    Optional<ConditionFamily> resembled = ItemFamily.resembled(check, items);
    if (resembled.isEmpty()) {
      return;
    }
    List<String> unrequired = resembled.get().alwaysRequired().stream()
        .filter(f -> !required.contains(f) && items.property(f).exists())
        .toList();
    if (unrequired.isEmpty()) {
      return;
    }
    String title = resembled.get().title();
    check.report(
        Severity.INFO,
        items.at("required"),
        where(check, list) + " items carry markers of " + title + " but do not require " + String.join(", ", unrequired)
            + ", which " + title + " requires; fine for a condition type of the project's own, but conditions"
            + " without them are not " + title + "'s.",
        "If the Go type is " + title + ", regenerate the CRD; if it is a type of your own, say so in its"
            + " documentation (and declare its fields in the contracts of .condlint.yaml).");
  }
}
