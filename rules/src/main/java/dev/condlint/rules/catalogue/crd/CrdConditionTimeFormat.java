package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E09: lastTransitionTime is a date-time string. */
@RuleInfo(
    id = "crd-condition-time-format",
    code = "E09",
    title = "The condition lastTransitionTime schema is a string with format date-time",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "With format: date-time the API server rejects timestamps that clients cannot parse as"
            + " metav1.Time (RFC 3339); without it \"yesterday\" is stored and breaks every reader.",
    source = "apimachinery metav1.Condition (Type=string, Format=date-time); apiextensions-apiserver"
        + " pkg/apiserver/validation/formats.go")
public final class CrdConditionTimeFormat extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    SchemaNode time = items.property("lastTransitionTime");
    if (!time.exists()) {
      return;
    }
    String type = time.type();
    String format = time.schema().path("format").asText("");
    if (type.equals("string") && format.equals("date-time")) {
      return;
    }
    check.report(
        time.pointer(),
        where(check, time) + " is " + (type.isEmpty() ? "untyped" : "type " + type)
            + (format.isEmpty() ? " without a format" : " with format " + format)
            + ", so the API server accepts timestamps that are not RFC 3339.",
        "Declare `type: string` and `format: date-time`.");
  }
}
