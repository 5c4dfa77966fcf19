package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** E05: the status property is an enum of exactly "True", "False", "Unknown". */
@RuleInfo(
    id = "crd-condition-status-enum",
    code = "E05",
    title = "The condition status schema is the enum \"True\", \"False\", \"Unknown\"",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "Consumers compare status case-sensitively (kstatus ignores \"true\"), so only the three"
            + " strings mean anything; the enum lets the API server reject the rest. In YAML the enum"
            + " entries must be quoted: an unquoted True is a boolean.",
    source = "apimachinery metav1.ConditionStatus (+kubebuilder:validation:Enum=True;False;Unknown);"
        + " cli-utils kstatus status.go")
public final class CrdConditionStatusEnum extends ConditionItemRule {
  private static final Set<String> VALUES = Set.of("True", "False", "Unknown");

  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    SchemaNode status = items.property("status");
    if (!status.exists()) {
      // A condition type without a status (Argo CD's ApplicationCondition) has no enum to declare; that
      // it is not metav1.Condition is E17's note (crd-conditions-item-is-metav1).
      return;
    }
    JsonNode values = status.schema().path("enum");
    if (!values.isArray()) {
      check.report(
          status.at("enum"),
          where(check, status) + " has no enum, so any string (\"true\", \"Yes\") passes the API server.",
          "Declare `enum: [\"True\", \"False\", \"Unknown\"]` (quoted).");
      return;
    }
    List<String> wrong = new ArrayList<>();
    Set<String> seen = new java.util.HashSet<>();
    for (JsonNode v : values) {
      if (!v.isTextual()) {
        wrong.add(v + " (a " + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not a string)");
      } else if (!VALUES.contains(v.asText())) {
        wrong.add("\"" + v.asText() + "\"");
      } else {
        seen.add(v.asText());
      }
    }
    if (!wrong.isEmpty() || seen.size() != 3) {
      check.report(
          status.at("enum"),
          where(check, status) + " enum is " + values + (wrong.isEmpty() ? "" : ": " + String.join(", ", wrong)
              + " cannot be a condition status") + "; it must be exactly \"True\", \"False\", \"Unknown\".",
          "Declare `enum: [\"True\", \"False\", \"Unknown\"]`, quoting each value in YAML.");
    }
  }
}
