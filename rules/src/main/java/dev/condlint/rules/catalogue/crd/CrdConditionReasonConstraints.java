package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E07: the reason property carries metav1's pattern and lengths (Cluster API v1beta1: 1–256). */
@RuleInfo(
    id = "crd-condition-reason-constraints",
    code = "E07",
    title = "The condition reason schema carries the metav1 pattern, minLength and maxLength",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "reason is a programmatic identifier shown in one-line output; the pattern keeps it one"
            + " CamelCase-ish token and minLength keeps it from being empty, as metav1.Condition requires.",
    source = "apimachinery metav1.Condition reason markers (Pattern, MinLength=1, MaxLength=1024);"
        + " Cluster API v1beta1 Condition (MinLength=1, MaxLength=256)")
public final class CrdConditionReasonConstraints extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    SchemaNode reason = items.property("reason");
    if (!reason.exists()) {
      return;
    }
    StringConstraints c = new StringConstraints(reason);
    if (Metav1Schema.expectsPatterns(check)) {
      c.pattern(Metav1Schema.REASON_PATTERN);
    }
    c.minLength(1).maxLength(check.settings().reasonMaxLength());
    CrdConditionTypeConstraints.report(check, reason, c.problems(), "reason");
  }
}
