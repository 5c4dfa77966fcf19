package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E07: the reason property carries the markers of the condition struct the items were generated from. */
@RuleInfo(
    id = "crd-condition-reason-constraints",
    code = "E07",
    title = "The condition reason schema carries its condition struct's pattern and lengths",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "reason is a programmatic identifier shown in one-line output; the pattern keeps it one"
            + " CamelCase-ish token and minLength keeps it from being empty, as metav1.Condition requires."
            + " Only a schema recognised as a known condition struct is held to that struct's markers; a"
            + " condition type of the project's own, whose reason may be optional or free text, gets at most an"
            + " info naming the convention.",
    source = "apimachinery metav1.Condition reason markers (Pattern, MinLength=1, MaxLength=1024);"
        + " Cluster API v1beta1 Condition (MinLength=1, MaxLength=256); the families of docs/catalogue.md")
public final class CrdConditionReasonConstraints extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    reportMissingMarkers(check, items, "reason", m -> true,
        "the API server accepts reason values that consumers cannot rely on");
  }
}
