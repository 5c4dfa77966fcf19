package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.List;

/** E06: the type property carries metav1's pattern and maxLength (Cluster API v1beta1: lengths 1–256). */
@RuleInfo(
    id = "crd-condition-type-constraints",
    code = "E06",
    title = "The condition type schema carries the metav1 pattern and maxLength",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "The type is the list-map key that consumers match on; without the pattern and length the API"
            + " server accepts types such as \"Ready!\" or a 10 KB string that no tool can match.",
    source = "apimachinery metav1.Condition type markers (Pattern, MaxLength=316); Cluster API v1beta1"
        + " Condition (MinLength=1, MaxLength=256)")
public final class CrdConditionTypeConstraints extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    SchemaNode type = items.property("type");
    if (!type.exists()) {
      return;
    }
    StringConstraints c = new StringConstraints(type);
    if (Metav1Schema.expectsPatterns(check)) {
      c.pattern(Metav1Schema.TYPE_PATTERN).maxLength(check.settings().typeMaxLength());
    } else {
      c.minLength(1).maxLength(check.settings().typeMaxLength());
    }
    report(check, type, c.problems(), "type");
  }

  static void report(CrdCheck check, SchemaNode property, List<String> problems, String field) {
    if (problems.isEmpty()) {
      return;
    }
    check.report(
        property.pointer(),
        where(check, property) + " has " + String.join(", ", problems) + ", so the API server accepts "
            + field + " values that consumers cannot rely on.",
        "Use the schema controller-gen generates for the " + check.profile().name() + " condition type's "
            + field + " field.");
  }
}
