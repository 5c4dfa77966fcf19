package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * E05: the status property is an enum of exactly "True", "False", "Unknown" where the items are of a
 * struct whose generated schema declares that enum; elsewhere an info naming the convention.
 */
@RuleInfo(
    id = "crd-condition-status-enum",
    code = "E05",
    title = "The condition status schema is the enum \"True\", \"False\", \"Unknown\"",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "Consumers compare status case-sensitively (kstatus ignores \"true\"), so only the three"
            + " strings mean anything; the enum lets the API server reject the rest. A warning where the items"
            + " are recognised as a condition struct whose generated schema declares the enum (metav1.Condition,"
            + " recognised by its other markers, since the rule must not need the enum to know the struct);"
            + " a condition type of the project's own decides its statuses, so a missing enum or other"
            + " strings get an info naming the convention. Wrong under any API, and so always a warning: an"
            + " enum entry that is not a string on a string status (in YAML an unquoted True is a boolean),"
            + " which no status can ever equal.",
    source = "apimachinery metav1.ConditionStatus (+kubebuilder:validation:Enum=True;False;Unknown);"
        + " cli-utils kstatus status.go; the families of docs/catalogue.md")
public final class CrdConditionStatusEnum extends ConditionItemRule {
  private static final Set<String> VALUES = Set.of("True", "False", "Unknown");
  private static final String CONVENTION = "by the convention of metav1.Condition, which kstatus and other"
      + " consumers compare against, status is exactly \"True\", \"False\" or \"Unknown\"";

  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    SchemaNode status = items.property("status");
    if (!status.exists()) {
      // A condition type without a status (Argo CD's ApplicationCondition) has no enum to declare; that
      // it is not metav1.Condition is E17's note (crd-conditions-item-is-metav1).
      return;
    }
    Optional<ItemFamily.Recognised> family = ItemFamily.ofIgnoring(check, items, "status")
        .filter(r -> r.family().signature().of("status").containsKey("enum"));
    JsonNode values = status.schema().path("enum");
    if (!values.isArray()) {
      if (family.isPresent()) {
        check.report(
            status.at("enum"),
            where(check, status) + " has no enum, so any string (\"true\", \"Yes\") passes the API server; the"
                + " items are of the condition family " + family.get().title() + ", recognised by their other"
                + " markers, whose schema declares the enum.",
            "Regenerate the CRD from " + family.get().goType()
                + ", or declare `enum: [\"True\", \"False\", \"Unknown\"]` (quoted).");
      } else {
        check.report(
            Severity.INFO,
            status.at("enum"),
            where(check, status) + " has no enum; the items are a condition type of the project's own, whose"
                + " API decides its statuses; " + CONVENTION + ".",
            "If the statuses are True, False and Unknown, consider declaring"
                + " `enum: [\"True\", \"False\", \"Unknown\"]` (quoted).");
      }
      return;
    }
    List<String> notStrings = new ArrayList<>();
    List<String> others = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (JsonNode v : values) {
      if (!v.isTextual()) {
        notStrings.add(v + " (a " + v.getNodeType().name().toLowerCase(Locale.ROOT) + ", not a string)");
      } else if (!VALUES.contains(v.asText())) {
        others.add("\"" + v.asText() + "\"");
      } else {
        seen.add(v.asText());
      }
    }
    if (!notStrings.isEmpty() && (status.type().equals("string") || status.type().isEmpty())) {
      // Wrong under any API: a string status never equals a boolean or a number.
      check.report(
          status.at("enum"),
          where(check, status) + " enum is " + values + ": " + String.join(", ", notStrings)
              + " can never equal a string status" + (seen.isEmpty() && others.isEmpty()
                  ? ", so the enum admits no status at all" : "") + "; " + CONVENTION + ".",
          "Declare `enum: [\"True\", \"False\", \"Unknown\"]`, quoting each value in YAML.");
      return;
    }
    if (!notStrings.isEmpty() || (others.isEmpty() && seen.size() == 3)) {
      // A status that is no string (a boolean type of the project's own) is its API's business.
      return;
    }
    if (family.isPresent()) {
      check.report(
          status.at("enum"),
          where(check, status) + " enum is " + values + (others.isEmpty() ? ""
              : ": " + String.join(", ", others) + " cannot be a condition status") + "; it must be exactly \"True\", \"False\", \"Unknown\", as the schema of "
              + family.get().title() + " declares.",
          "Declare `enum: [\"True\", \"False\", \"Unknown\"]`, quoting each value in YAML.");
    } else {
      check.report(
          Severity.INFO,
          status.at("enum"),
          where(check, status) + " enum is " + values + "; the items are a condition type of the project's own,"
              + " whose API decides its statuses; " + CONVENTION + ".",
          "If the statuses are meant to be read as conditions, declare"
              + " `enum: [\"True\", \"False\", \"Unknown\"]`.");
    }
  }
}
