package dev.condlint.rules.catalogue.ecosystem;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import java.util.Optional;
import java.util.Set;

/** Cluster API v1beta1: severity is "", Error, Warning or Info, and non-empty only on abnormal conditions. */
@RuleInfo(
    id = "capi-v1beta1-severity",
    code = "F02",
    title = "Cluster API v1beta1 severity is valid and set only when the condition is abnormal",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "Cluster API v1beta1's ConditionSeverity is Error, Warning, Info or \"\" (None, at most 32"
            + " characters), and \"the Severity field MUST be set only when Status=False for conditions"
            + " with positive polarity, or when Status=True for conditions with negative polarity\"."
            + " Knative uses \"\" for Error instead; the two must not be mixed.",
    source =
        "kubernetes-sigs/cluster-api api/core/v1beta1/condition_types.go;"
            + " docs/proposals/20200506-conditions.md",
    onByDefault = false,
    // Built-in kinds never use Cluster API's v1beta1 Condition, even when a forced profile reaches them.
    builtinKinds = false)
public final class CapiV1beta1Severity implements ObjectRule {
  private static final Set<String> SEVERITIES = Set.of("", "Error", "Warning", "Info");
  private static final Set<String> STATUSES = Set.of(Condition.TRUE, Condition.FALSE, Condition.UNKNOWN);

  @Override
  public void check(ObjectCheck check) {
    for (Condition c : SeverityFields.in(check)) {
      String pointer = c.pointer("severity");
      JsonNode severity = c.field("severity");
      Optional<Polarity> polarity =
          c.type().flatMap(t -> check.contractOf(c).knownPolarity(t)).map(Known::value);
      boolean negative = polarity.filter(p -> p == Polarity.ABNORMAL_TRUE).isPresent();
      boolean abnormal = negative ? c.isTrue() : c.isFalse();
      if (!severity.isTextual() || !SEVERITIES.contains(severity.asText())) {
        check.report(
            pointer,
            "severity " + severity + " is not one of \"Error\", \"Warning\", \"Info\" or \"\" (None).",
            "Use \"Error\", \"Warning\" or \"Info\" on an abnormal condition, or omit severity.");
      } else if (!severity.asText().isEmpty() && STATUSES.contains(c.status()) && polarity.isPresent() && !abnormal) {
        check.report(
            pointer,
            "severity " + severity + " is set although the condition is not abnormal (status \""
                + c.status() + "\" on a " + (negative ? "negative" : "positive") + "-polarity type);"
                + " Cluster API v1beta1 sets severity only when Status="
                + (negative ? "True" : "False") + ".",
            "Omit severity (or set it to \"\") while the condition is \"" + c.status() + "\".");
      }
    }
  }
}
