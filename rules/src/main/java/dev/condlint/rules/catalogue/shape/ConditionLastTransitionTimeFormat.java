package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.Rfc3339;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.ListContract;
import java.util.Optional;

/** A lastTransitionTime that is not an RFC 3339 date-time string. */
// Applies to built-in kinds: every condition type serialises it as a metav1.Time. An error only where
// the declared schema holds the time to RFC 3339; where it declares a plain string (Strimzi writes
// 2021-02-22T16:05:43+0000) the object keeps to its own API; where nothing is declared, a warning.
@RuleInfo(
    id = "condition-last-transition-time-format",
    code = "A13",
    title = "lastTransitionTime is an RFC 3339 date-time",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "lastTransitionTime is a metav1.Time, which decodes only RFC 3339 (time.RFC3339), and the"
            + " schema says format: date-time, which the API server enforces for custom resources. An error"
            + " where the condition type's schema holds the time to RFC 3339; a warning where no schema is"
            + " declared; nothing where the schema declares a plain string (Strimzi's).",
    source = "apimachinery types.go (Format=date-time), meta/v1 time.go; apiextensions-apiserver formats.go")
public final class ConditionLastTransitionTimeFormat implements ObjectRule {
  private static final String FIELD = "lastTransitionTime";
  private static final String HINT = "Write the time as RFC 3339 in quotes, e.g. \"2024-05-01T12:00:00Z\".";
  private static final SchemaOrConvention SEVERITY = new SchemaOrConvention("metav1.Time's RFC 3339");

  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        byte state = list.state(i, PreparedList.LAST_TRANSITION_TIME);
        if (state != PreparedList.ABSENT && state != PreparedList.NULL) {
          check(check, list.condition(i));
        }
      }
    }
  }

  private static void check(ObjectCheck check, Condition c) {
    JsonNode v = c.field(FIELD);
    // Rfc3339.isGoRfc3339, with the parse the condition keeps (other rules read the time too).
    if (v.isMissingNode() || v.isNull()
        || (v.isTextual() && Rfc3339.hasGoShape(v.asText()) && c.lastTransitionTime().isPresent())) {
      return;
    }
    ListContract contract = check.contractOf(c);
    Optional<ConditionSchema> declared = contract.declaredSchema();
    if (declared.filter(s -> s.isPlainTime(FIELD)).isPresent() && v.isTextual()) {
      return;
    }
    String problem = FieldValues.name(c) + " has lastTransitionTime " + (v.isTextual() ? FieldValues.quote(v.asText())
        : FieldValues.describe(v)) + ", which is not an RFC 3339 date-time";
    SEVERITY.report(check, contract, declared.filter(s -> s.isDateTime(FIELD)).isPresent(), c.pointer(FIELD),
        problem + "; metav1.Time decodes nothing else.",
        problem + "; Kubernetes' condition types (metav1.Time) take nothing else, and tools that read the"
            + " time expect it.", HINT);
  }
}
