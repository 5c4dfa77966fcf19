package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E06: the type property carries the markers of the condition struct the items were generated from. */
@RuleInfo(
    id = "crd-condition-type-constraints",
    code = "E06",
    title = "The condition type schema carries its condition struct's pattern and lengths",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "The type is the list-map key that consumers match on; without the pattern and length the API"
            + " server accepts types such as \"Ready!\" or a 10 KB string that no tool can match. Only a"
            + " schema recognised as a known condition struct (metav1.Condition: pattern and maxLength 316;"
            + " Cluster API v1beta1: lengths 1-256) is held to that struct's markers; a condition type of the"
            + " project's own (one that lacks markers controller-gen writes for every metav1.Condition) gets at"
            + " most an info naming the convention.",
    source = "apimachinery metav1.Condition type markers (Pattern, MaxLength=316); Cluster API v1beta1"
        + " Condition (MinLength=1, MaxLength=256); the families of docs/catalogue.md")
public final class CrdConditionTypeConstraints extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    reportMissingMarkers(check, items, "type", m -> true,
        "the API server accepts type values that consumers cannot rely on");
  }
}
