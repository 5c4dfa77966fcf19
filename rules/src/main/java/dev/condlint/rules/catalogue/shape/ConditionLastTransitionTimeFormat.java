package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.Rfc3339;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A lastTransitionTime that is not an RFC 3339 date-time string. */
// Applies to built-in kinds: every condition type serialises it as a metav1.Time.
@RuleInfo(
    id = "condition-last-transition-time-format",
    code = "A13",
    title = "lastTransitionTime is an RFC 3339 date-time",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "lastTransitionTime is a metav1.Time, which decodes only RFC 3339 (time.RFC3339), and the"
            + " schema says format: date-time, which the API server enforces for custom resources.",
    source = "apimachinery types.go (Format=date-time), meta/v1 time.go; apiextensions-apiserver formats.go")
public final class ConditionLastTransitionTimeFormat implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (Condition c : check.allConditions()) {
      JsonNode v = c.field("lastTransitionTime");
      if (v.isMissingNode() || v.isNull() || (v.isTextual() && Rfc3339.isGoRfc3339(v.asText()))) {
        continue;
      }
      check.report(
          c.pointer("lastTransitionTime"),
          FieldValues.name(c) + " has lastTransitionTime " + (v.isTextual() ? FieldValues.quote(v.asText())
              : FieldValues.describe(v)) + ", which is not an RFC 3339 date-time; metav1.Time decodes nothing else.",
          "Write the time as RFC 3339 in quotes, e.g. \"2024-05-01T12:00:00Z\".");
    }
  }
}
