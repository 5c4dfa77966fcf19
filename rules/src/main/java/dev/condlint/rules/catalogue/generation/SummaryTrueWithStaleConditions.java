package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.KstatusVerdict;
import dev.condlint.rules.catalogue.common.SummaryConditions;

/** The summary condition is True while another condition still describes an older generation. */
@RuleInfo(
    id = "summary-true-with-stale-conditions",
    code = "C06",
    title = "The summary condition is not True while another condition is stale",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "A condition whose observedGeneration is behind metadata.generation describes an older spec;"
            + " a True summary next to it claims more than the controller knows. Flux fails it"
            + " (FAIL0008). The True summary's own staleness is rule C05's; deleting objects are skipped"
            + " because deletion bumps generation.",
    source = "fluxcd/pkg runtime/conditions/check FAIL0008; KEP-1623 (observedGeneration)",
    // Built-in condition types rarely carry observedGeneration, and their summaries (Pod and Node
    // Ready) are kubelet readiness, not a claim about reconciled generations.
    builtinKinds = false)
public final class SummaryTrueWithStaleConditions implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    CurrentGeneration.of(check).ifPresent(current -> reportStaleConditions(check, current));
  }

  private static void reportStaleConditions(ObjectCheck check, long current) {
    for (ObservedUnderSummary.Observed o : ObservedUnderSummary.in(check)) {
      Condition c = o.condition();
      // A True summary's own staleness is C05's finding.
      if ((c.isTrue() && SummaryConditions.isSummary(check, c)) || o.observedGeneration() >= current) {
        continue;
      }
      String summaryType = o.summary().type().orElseThrow();
      check.report(
          SummaryConditions.basis(check, o.summary()),
          c.pointer("observedGeneration"),
          "'" + summaryType + "' is \"True\" while this condition's observedGeneration "
              + o.observedGeneration() + " is behind metadata.generation " + current + ": the summary"
              + " claims a reconciled object although this part still describes an older spec."
              + KstatusVerdict.suffix(check),
          "Refresh this condition for generation " + current + " before setting '" + summaryType
              + "' to \"True\", or set '" + summaryType + "' to \"Unknown\" or \"False\" meanwhile.");
    }
  }
}
