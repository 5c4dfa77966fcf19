package dev.condlint.rules.catalogue.ecosystem;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.SummaryConditions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Knative: Error-severity dependents that are False or Unknown are reflected in the summary. */
@RuleInfo(
    id = "knative-summary-aggregation",
    code = "F03",
    title = "The Knative summary aggregates its Error-severity conditions",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "Knative's error-signalling spec says non-summary conditions with severity \"\" \"MUST be"
            + " aggregated\" into the summary: a False dependent makes Ready False, an Unknown one makes"
            + " it False or Unknown. A True summary next to such a dependent tells clients the resource"
            + " works while part of it does not.",
    source =
        "knative/specs specs/common/error-signalling.md (rule 2); knative/pkg apis/condition_set.go"
            + " (MarkFalse, MarkUnknown)",
    onByDefault = false,
    // Built-in kinds never use Knative's condition sets, even when a forced profile reaches them.
    builtinKinds = false)
public final class KnativeSummaryAggregation implements ObjectRule {
  private static final Set<String> STATUSES = Set.of(Condition.TRUE, Condition.FALSE, Condition.UNKNOWN);

  @Override
  public void check(ObjectCheck check) {
    for (ConditionList list : check.conditionLists()) {
      List<String> failed = new ArrayList<>();
      List<String> unknown = new ArrayList<>();
      for (Condition c : list.conditions()) {
        if (c.type().isEmpty() || SummaryConditions.isSummary(check, c) || !hasErrorSeverity(c)) {
          continue;
        }
        Optional<String> status = effectiveStatus(c);
        if (status.filter(Condition.FALSE::equals).isPresent()) {
          failed.add("'" + c.type().get() + "'");
        } else if (status.filter(Condition.UNKNOWN::equals).isPresent()) {
          unknown.add("'" + c.type().get() + "'");
        }
      }
      for (Condition summary : SummaryConditions.in(check, list)) {
        String status = effectiveStatus(summary).orElse(null);
        if (status == null) {
          continue;
        }
        if (!failed.isEmpty() && !status.equals(Condition.FALSE)) {
          report(check, summary, status, failed, Condition.FALSE, "\"False\"");
        } else if (!unknown.isEmpty() && status.equals(Condition.TRUE)) {
          report(check, summary, status, unknown, Condition.UNKNOWN, "\"False\" or \"Unknown\"");
        }
      }
    }
  }

  private static void report(
      ObjectCheck check, Condition summary, String status, List<String> dependents, String dependentStatus,
      String required) {
    String type = summary.type().orElseThrow();
    check.report(
        summary.pointer("status"),
        "'" + type + "' is \"" + status + "\" although Error-severity " + String.join(", ", dependents)
            + (dependents.size() == 1 ? " is" : " are") + " \"" + dependentStatus + "\"; Knative requires the"
            + " summary to be " + required + " then.",
        "Set '" + type + "' to " + required + " with the dependent's reason and message (as"
            + " ConditionSet.MarkFalse/MarkUnknown do), or give the dependent severity \"Warning\" or"
            + " \"Info\" if it must not affect the summary.");
  }

  private static boolean hasErrorSeverity(Condition c) {
    return !c.has("severity") || c.text("severity").filter(String::isEmpty).isPresent();
  }

  /** The status, where a missing one means Unknown (Knative spec); empty for values A05/A06 report. */
  private static Optional<String> effectiveStatus(Condition c) {
    if (!c.has("status")) {
      return Optional.of(Condition.UNKNOWN);
    }
    return c.text("status").filter(STATUSES::contains);
  }
}
