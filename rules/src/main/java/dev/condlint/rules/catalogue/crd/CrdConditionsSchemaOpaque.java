package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E15: the condition schema says what a condition is. */
@RuleInfo(
    id = "crd-conditions-schema-opaque",
    code = "E15",
    title = "Condition lists have a real item schema",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "When the items preserve unknown fields or declare no properties (or status preserves"
            + " unknown fields without listing conditions), the API server enforces and prunes nothing"
            + " in conditions: any shape is stored, and only condlint's object rules stand between a"
            + " buggy controller and its consumers.",
    source = "KEP-2332 (pruning of fields not specified in the schema); CONVENTIONS.md §2 E15")
public final class CrdConditionsSchemaOpaque implements CrdRule {
  @Override
  public void check(CrdCheck check) {
    StatusSchema.status(check).ifPresent(s -> {
      if (s.isTrue("x-kubernetes-preserve-unknown-fields") && !s.hasProperty("conditions")) {
        check.report(
            s.at("x-kubernetes-preserve-unknown-fields"),
            "In " + StatusSchema.version(check) + ", status preserves unknown fields and does not declare"
                + " conditions, so the API server stores conditions of any shape.",
            "Declare status.conditions with the metav1.Condition item schema.");
      }
    });
    for (SchemaNode list : StatusSchema.conditionLists(check)) {
      SchemaNode items = list.items();
      boolean preserves = items.isTrue("x-kubernetes-preserve-unknown-fields");
      boolean noProperties = items.schema().path("properties").isEmpty();
      if (preserves || noProperties) {
        check.report(
            items.exists() ? items.pointer() : list.pointer(),
            "In " + StatusSchema.version(check) + ", " + list.path() + " items "
                + (preserves ? "preserve unknown fields" : "declare no properties")
                + ", so the API server enforces nothing about the conditions stored there.",
            "Give the items the metav1.Condition schema (kubebuilder: []metav1.Condition).");
      }
    }
  }
}
