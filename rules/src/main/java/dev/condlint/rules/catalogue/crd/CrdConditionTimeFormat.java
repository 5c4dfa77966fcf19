package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.Optional;

/**
 * E09: lastTransitionTime is a date-time string where the items are of a struct whose time is a
 * metav1.Time; elsewhere an info naming the convention.
 */
@RuleInfo(
    id = "crd-condition-time-format",
    code = "E09",
    title = "The condition lastTransitionTime schema is a string with format date-time",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "With format: date-time the API server rejects timestamps that clients cannot parse as"
            + " metav1.Time (RFC 3339); without it \"yesterday\" is stored and breaks every reader. A warning"
            + " only where the items are recognised as a condition struct whose lastTransitionTime is a"
            + " metav1.Time (metav1.Condition and the others of the catalogue); a condition type of the"
            + " project's own may write its time as it likes (a plain string, as some do on purpose), so it gets"
            + " an info naming the RFC 3339 convention. No schema of a time is wrong under every API, so"
            + " nothing here is a warning regardless of the type.",
    source = "apimachinery metav1.Condition (Type=string, Format=date-time); apiextensions-apiserver"
        + " pkg/apiserver/validation/formats.go; the families of docs/catalogue.md")
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
    String found = where(check, time) + " is " + (type.isEmpty() ? "untyped" : "type " + type)
        + (format.isEmpty() ? " without a format" : " with format " + format);
    Optional<ItemFamily.Recognised> family = ItemFamily.of(check, items)
        .filter(r -> r.family().schema().isDateTime("lastTransitionTime"));
    if (family.isPresent()) {
      check.report(
          time.pointer(),
          found + ", so the API server accepts timestamps that are not RFC 3339; the items are of the condition"
              + " family " + family.get().title() + ", whose lastTransitionTime is a metav1.Time (type string,"
              + " format date-time).",
          "Regenerate the CRD from " + family.get().goType() + ", or declare `type: string` and `format: date-time`.");
    } else {
      check.report(
          Severity.INFO,
          time.pointer(),
          found + "; the items are a condition type of the project's own, whose API decides how it writes"
              + " times; by the convention of metav1.Time, which most readers parse, it is an RFC 3339 date-time.",
          "If the time is written as RFC 3339, consider declaring `type: string` and `format: date-time`.");
    }
  }
}
