package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E11: condition lists are bounded. */
@RuleInfo(
    id = "crd-conditions-max-items",
    code = "E11",
    title = "Condition lists declare maxItems",
    severity = Severity.INFO,
    scope = Scope.CRD,
    rationale =
        "A bound keeps a misbehaving controller from growing the list without end and lets the API"
            + " server estimate the cost of CEL rules over it. Gateway API uses 8, Cluster API 32.",
    source = "kube-api-linter maxlength (+kubebuilder:validation:MaxItems); Gateway API and Cluster API CRDs")
public final class CrdConditionsMaxItems implements CrdRule {
  @Override
  public void check(CrdCheck check) {
    for (SchemaNode list : StatusSchema.conditionLists(check)) {
      if (!list.schema().path("maxItems").canConvertToInt()) {
        check.report(
            list.pointer(),
            "In " + StatusSchema.version(check) + ", " + list.path() + " has no maxItems, so the list is unbounded.",
            "Declare maxItems (Gateway API uses 8, Cluster API 32; kubebuilder: +kubebuilder:validation:MaxItems).");
      }
    }
  }
}
