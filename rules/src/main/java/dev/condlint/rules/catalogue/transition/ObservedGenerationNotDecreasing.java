package dev.condlint.rules.catalogue.transition;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionPair;
import dev.condlint.model.Pointers;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import java.util.OptionalLong;

/** D04: status.observedGeneration or a condition's observedGeneration went down. */
@RuleInfo(
    id = "observed-generation-not-decreasing",
    code = "D04",
    title = "observedGeneration does not decrease",
    severity = Severity.WARNING,
    scope = Scope.UPDATE,
    rationale =
        "observedGeneration says which spec the status describes. A lower value than before means the"
            + " status now describes an older spec: a stale writer overwrote newer status, and kstatus and"
            + " Flux see the object regress. Gateway API forbids updating a condition whose"
            + " observedGeneration is newer than the writer's. Not an error: the API server permits"
            + " regressions (KEP-5067). Flux's -1 (never observed) is not a real old value.",
    source =
        "KEP-5067; kubernetes pkg/apis/apps/validation ValidateDeploymentStatusUpdate; Gateway API"
            + " apis/v1 Condition docs; fluxcd/pkg apis/meta; CONVENTIONS.md §2 D04")
public final class ObservedGenerationNotDecreasing implements TransitionRule {
  /** It compares the old status with the new one; equal statuses differ nowhere. */
  @Override
  public boolean reportsOnlyStatusChanges() {
    return true;
  }

  /** Flux initialises status.observedGeneration to -1: "not observed yet", not a generation. */
  private static final long FLUX_UNOBSERVED = -1;

  private static final String OBSERVED_GENERATION = "observedGeneration";

  @Override
  public void check(TransitionCheck check) {
    OptionalLong oldStatus = integer(check.oldObject().path("status").path(OBSERVED_GENERATION));
    OptionalLong newStatus = integer(check.newObject().path("status").path(OBSERVED_GENERATION));
    if (decreased(oldStatus, newStatus)) {
      report(check, Pointers.of("status", OBSERVED_GENERATION), "status.observedGeneration", oldStatus, newStatus);
    }
    for (ConditionPair pair : check.conditionPairs()) {
      OptionalLong oldValue = pair.before().observedGeneration();
      OptionalLong newValue = pair.after().observedGeneration();
      if (decreased(oldValue, newValue)) {
        report(check, pair.after().pointer(OBSERVED_GENERATION),
            "Condition '" + pair.type() + "' observedGeneration", oldValue, newValue);
      }
    }
  }

  private static boolean decreased(OptionalLong oldValue, OptionalLong newValue) {
    return oldValue.isPresent()
        && newValue.isPresent()
        && oldValue.getAsLong() != FLUX_UNOBSERVED
        && newValue.getAsLong() < oldValue.getAsLong();
  }

  private static void report(
      TransitionCheck check, String pointer, String what, OptionalLong oldValue, OptionalLong newValue) {
    check.report(
        pointer,
        what + " went down from " + oldValue.getAsLong() + " to " + newValue.getAsLong()
            + "; the status now claims to describe an older spec, which reads as a regression (a stale"
            + " writer overwriting newer status).",
        "Set observedGeneration to the metadata.generation you reconciled, from a fresh read of the"
            + " object; do not write status computed from an older copy.");
  }

  private static OptionalLong integer(JsonNode n) {
    return n.isIntegralNumber() && n.canConvertToLong() ? OptionalLong.of(n.asLong()) : OptionalLong.empty();
  }
}
