package dev.condlint.rules.shape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.Condition;
import dev.condlint.rules.ObjectCheck;
import dev.condlint.rules.ObjectRule;
import dev.condlint.rules.RuleInfo;
import dev.condlint.rules.Scope;
import dev.condlint.rules.Severity;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

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
  // The shape of Go's time.RFC3339 layout (upper-case T and Z, up to nanoseconds); the parser then
  // rejects impossible dates such as month 13.
  private static final Pattern RFC3339 =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})");

  @Override
  public void check(ObjectCheck check) {
    for (Condition c : FieldValues.conditions(check)) {
      JsonNode v = c.field("lastTransitionTime");
      if (v.isMissingNode() || v.isNull() || (v.isTextual() && isRfc3339(v.asText()))) {
        continue;
      }
      check.report(
          c.pointer("lastTransitionTime"),
          FieldValues.name(c) + " has lastTransitionTime " + (v.isTextual() ? FieldValues.quote(v.asText())
              : FieldValues.describe(v)) + ", which is not an RFC 3339 date-time; metav1.Time decodes nothing else.",
          "Write the time as RFC 3339 in quotes, e.g. \"2024-05-01T12:00:00Z\".");
    }
  }

  static boolean isRfc3339(String s) {
    if (!RFC3339.matcher(s).matches()) {
      return false;
    }
    try {
      OffsetDateTime.parse(s, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }
}
