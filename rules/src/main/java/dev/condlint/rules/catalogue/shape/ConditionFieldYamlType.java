package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.ScalarSource;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.List;

/** An unquoted condition string field that kubectl reads as a boolean, number or null. */
// Applies to built-in kinds: kubectl sends them the same JSON, which fails to decode there.
@RuleInfo(
    id = "condition-field-yaml-type",
    code = "A06",
    title = "Condition string fields are not unquoted YAML 1.1 booleans, numbers or nulls",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "kubectl and sigs.k8s.io/yaml read YAML as YAML 1.1, where plain `True`, `no`, `on`, `~` or"
            + " `1.0` are booleans, nulls and numbers. `status: True` therefore reaches the API server as"
            + " the JSON boolean true, which fails the string type and the enum.",
    source = "sigs.k8s.io/yaml yaml.go; go.yaml.in/yaml/v2 resolve.go; CONVENTIONS.md §1.12",
    needsSource = true)
public final class ConditionFieldYamlType implements ObjectRule {
  private static final List<String> STRING_FIELDS = List.of("type", "status", "reason", "message");

  @Override
  public void check(ObjectCheck check) {
    if (!check.hasSource()) {
      return;
    }
    for (Condition c : check.allConditions()) {
      for (String field : STRING_FIELDS) {
        if (!check.isYamlCoerced(c, field)) {
          continue;
        }
        String pointer = c.pointer(field);
        String written = check.scalar(pointer).map(ScalarSource::text).orElseThrow();
        String how =
            written.isEmpty() ? "`" + field + ":` has no value" : "`" + field + ": " + written + "` is unquoted";
        check.report(
            pointer,
            how + ", so kubectl reads it as "
                + FieldValues.describe(c.field(field)) + ", not a string; the API server rejects a "
                + field + " that is not a string.",
            hint(c, field, written));
      }
    }
  }

  /**
   * A fix that is itself valid: quoting is enough for a type, reason or message, but a status must be
   * one of three words, so {@code status: true} is fixed as {@code "True"} (not {@code "true"}, which
   * condition-status-value refuses), {@code status: off} as {@code "False"}, and a null or a number gets
   * the three choices.
   */
  private static String hint(Condition c, String field, String written) {
    if (!field.equals("status")) {
      return "Quote it: `" + field + ": " + FieldValues.jsonString(written) + "`.";
    }
    JsonNode value = c.field(field);
    if (value.isBoolean()) {
      return "Quote it: `status: \"" + (value.booleanValue() ? Condition.TRUE : Condition.FALSE) + "\"`.";
    }
    return "Write the status as a quoted \"True\", \"False\" or \"Unknown\": `status: \"Unknown\"` when it cannot"
        + " be decided yet.";
  }
}
