package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.profile.Level;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** E04: the condition item schema requires the fields the profile's condition type requires. */
@RuleInfo(
    id = "crd-condition-required-fields",
    code = "E04",
    title = "The condition item schema requires type, status and the profile's other required fields",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "metav1.Condition marks type, status, lastTransitionTime, reason and message required; a schema"
            + " that does not lets controllers write conditions that consumers (kstatus, kubectl wait,"
            + " dashboards) cannot interpret. Ecosystems with their own condition type require less:"
            + " Knative and cert-manager only type and status, Cluster API v1beta1 also"
            + " lastTransitionTime.",
    source = "apimachinery metav1.Condition markers; KEP-1623; CONVENTIONS.md §2 E04")
public final class CrdConditionRequiredFields extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    Set<String> present = new LinkedHashSet<>();
    items.schema().path("required").forEach(r -> present.add(r.asText()));
    // Only fields the condition type has: one it lacks altogether (Argo CD's conditions have no status or
    // reason) is no required field left optional, and that the type is not metav1.Condition is E17's note (crd-conditions-item-is-metav1).
    List<String> missing = new ArrayList<>();
    for (String field : requiredFields(check)) {
      if (!present.contains(field) && items.property(field).exists()) {
        missing.add(field);
      }
    }
    if (missing.isEmpty()) {
      return;
    }
    check.report(
        items.at("required"),
        where(check, list) + " items do not require " + String.join(", ", missing)
            + ", so conditions without them pass the API server"
            + " (profile " + check.profile().name() + " expects " + String.join(", ", requiredFields(check)) + ").",
        "Add " + String.join(", ", missing) + " to items.required (kubebuilder: use metav1.Condition, or"
            + " +required on those fields).");
  }

  /**
   * The fields the profile's condition family (metav1.Condition unless the profile names another)
   * requires for every status, where the profile keeps the object rule that demands them an error; in
   * metav1's order.
   */
  static List<String> requiredFields(CrdCheck check) {
    ConditionSchema expected = check.settings().conventions().schema()
        .orElseGet(() -> check.catalogue().families().get("metav1").schema());
    List<String> fields = new ArrayList<>(List.of("type", "status"));
    if (isError(check, "condition-last-transition-time-required") && alwaysRequired(expected, "lastTransitionTime")) {
      fields.add("lastTransitionTime");
    }
    if (isError(check, "condition-reason-required") && alwaysRequired(expected, "reason")) {
      fields.add("reason");
    }
    if (alwaysRequired(expected, "message")) {
      fields.add("message");
    }
    return fields;
  }

  private static boolean alwaysRequired(ConditionSchema schema, String field) {
    FieldRule rule = schema.fields().get(field);
    return rule != null && rule.required() && rule.whenStatus().isEmpty();
  }

  private static boolean isError(CrdCheck check, String objectRuleId) {
    return check.profile().level(objectRuleId).orElse(Level.ERROR) == Level.ERROR;
  }
}
