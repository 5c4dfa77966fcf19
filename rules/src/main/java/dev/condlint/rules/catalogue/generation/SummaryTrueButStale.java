package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.KstatusVerdict;
import dev.condlint.rules.catalogue.common.SummaryConditions;
import java.util.OptionalLong;

/** The summary condition is True although the controller has not observed the current generation. */
@RuleInfo(
    id = "summary-true-but-stale",
    code = "C05",
    title = "The summary condition is not True while the current generation is unobserved",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "A True summary claims the object is reconciled, but an observedGeneration behind"
            + " metadata.generation says the latest spec has not been looked at: kstatus reports such an"
            + " object InProgress (LatestGenerationNotObserved), Knative's IsReady() requires"
            + " observedGeneration == generation, and Flux fails it (FAIL0007). Deleting objects are"
            + " skipped because deletion itself bumps generation.",
    source =
        "kubernetes-sigs/cli-utils pkg/kstatus/status/core.go; knative/serving IsReady();"
            + " fluxcd/pkg runtime/conditions/check FAIL0007",
    // Built-in summaries (Pod and Node Ready) are written by kubelets and describe readiness, not
    // whether the spec's generation was reconciled; kstatus judges built-ins by its per-kind rules.
    builtinKinds = false)
public final class SummaryTrueButStale implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    CurrentGeneration.of(check).ifPresent(current -> reportStaleSummaries(check, current));
  }

  private static void reportStaleSummaries(ObjectCheck check, long current) {
    OptionalLong statusObserved = check.statusObservedGeneration();
    for (ConditionList list : check.conditionLists()) {
      for (Condition summary : SummaryConditions.trueIn(check, list)) {
        String type = summary.type().orElseThrow();
        OptionalLong own = summary.observedGeneration();
        String stale;
        // The root observedGeneration speaks for the object's own conditions; nested lists (Gateway
        // listeners, Cluster API's deprecated v1beta1 copy) are judged by their own field only.
        if (list.isTopLevel() && statusObserved.isPresent() && statusObserved.getAsLong() < current) {
          stale = "status.observedGeneration " + statusObserved.getAsLong();
        } else if (own.isPresent() && own.getAsLong() > 0 && own.getAsLong() < current) {
          stale = "its own observedGeneration " + own.getAsLong();
        } else {
          continue;
        }
        check.report(
            SummaryConditions.basis(check, summary),
            summary.pointer("status"),
            "'" + type + "' is \"True\" but " + stale + " is behind metadata.generation " + current
                + ": the latest spec has not been reconciled, so readers must not treat the object as"
                + " ready for it." + KstatusVerdict.suffix(check),
            "When a new generation is observed, set '" + type + "' to \"Unknown\" or \"False\"; set it"
                + " to \"True\" together with observedGeneration " + current + " once reconciled.");
      }
    }
  }
}
