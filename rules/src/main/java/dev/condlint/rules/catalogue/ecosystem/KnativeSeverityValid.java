package dev.condlint.rules.catalogue.ecosystem;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.SummaryConditions;
import java.util.Set;

/** Knative: a condition's severity is "", "Warning" or "Info", and the summary's is "". */
@RuleInfo(
    id = "knative-severity-valid",
    code = "F01",
    title = "Knative condition severity is \"\", \"Warning\" or \"Info\"; the summary's is \"\"",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "Knative's severity enum is \"\" (Error, spelt empty so that it reads well on True"
            + " conditions), \"Warning\" and \"Info\"; the error-signalling spec requires the Ready or"
            + " Succeeded summary \"with severity=\\\"\\\"\". Any other value is a different"
            + " ecosystem's vocabulary (Cluster API v1beta1 writes \"Error\").",
    source = "knative/pkg apis/condition_types.go; knative/specs specs/common/error-signalling.md",
    onByDefault = false,
    // Built-in kinds never use Knative's apis.Condition, even when a forced profile reaches them.
    builtinKinds = false)
public final class KnativeSeverityValid implements ObjectRule {
  private static final Set<String> SEVERITIES = Set.of("", "Warning", "Info");

  @Override
  public void check(ObjectCheck check) {
    for (Condition c : SeverityFields.in(check)) {
      String pointer = c.pointer("severity");
      JsonNode severity = c.field("severity");
      if (!severity.isTextual() || !SEVERITIES.contains(severity.asText())) {
        check.report(
            pointer,
            "severity " + severity + " is not one of \"\", \"Warning\" or \"Info\""
                + ("Error".equals(severity.asText()) ? "; Knative spells the Error severity \"\"." : "."),
            "Use \"\" (or omit severity) for Error, \"Warning\" or \"Info\".");
      } else if (!severity.asText().isEmpty() && SummaryConditions.isSummary(check, c)) {
        String type = c.type().orElseThrow();
        check.report(
            pointer,
            "The summary condition '" + type + "' has severity " + severity + ", but Knative requires"
                + " the summary to have severity \"\" (Error).",
            "Remove severity from '" + type + "' or set it to \"\".");
      }
    }
  }
}
