package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.ConditionSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** E17: the condition item schema has exactly metav1.Condition's fields. */
@RuleInfo(
    id = "crd-conditions-item-is-metav1",
    code = "E17",
    title = "The condition item schema is metav1.Condition's",
    severity = Severity.INFO,
    scope = Scope.CRD,
    rationale =
        "Tools (kstatus, kubectl wait, meta.SetStatusCondition) understand metav1.Condition; a"
            + " home-grown condition type with extra or missing fields needs its own handling"
            + " everywhere and drifts from the conventions.",
    source = "kube-api-linter conditions (\"must be a slice of metav1.Condition\"); apimachinery metav1.Condition")
public final class CrdConditionsItemIsMetav1 extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    ConditionSchema metav1 = check.catalogue().families().get("metav1").schema();
    TreeSet<String> fields = new TreeSet<>();
    items.schema().path("properties").fieldNames().forEachRemaining(fields::add);
    List<String> extra = new ArrayList<>();
    for (String f : fields) {
      if (!metav1.fieldNames().contains(f)) {
        extra.add(f);
      }
    }
    List<String> missing = new ArrayList<>();
    for (String f : List.of("type", "status", "observedGeneration", "lastTransitionTime", "reason", "message")) {
      if (!fields.contains(f)) {
        missing.add(f);
      }
    }
    if (extra.isEmpty() && missing.isEmpty()) {
      return;
    }
    check.report(
        items.at("properties"),
        where(check, list) + " items are not metav1.Condition:"
            + (extra.isEmpty() ? "" : " extra " + String.join(", ", extra) + ";")
            + (missing.isEmpty() ? "" : " missing " + String.join(", ", missing) + ";")
            + " tools that understand metav1.Condition will not understand these conditions fully.",
        "Use []metav1.Condition for the Conditions field, or configure the matching profile.");
  }
}
