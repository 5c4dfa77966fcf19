package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.OptionalLong;

/** status.observedGeneration claims a generation the object has not reached yet. */
@RuleInfo(
    id = "status-observed-generation-not-ahead",
    code = "C02",
    title = "status.observedGeneration is not greater than metadata.generation",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "A controller can only observe a generation that exists; a status.observedGeneration ahead of"
            + " metadata.generation comes from a stale or broken writer, and kstatus never reports such"
            + " an object Current.",
    source =
        "fluxcd/pkg runtime/conditions/check FAIL0006; kubernetes-sigs/cli-utils pkg/kstatus/status"
            + " (generation check)",
    // Built-in kinds apply: Deployment, StatefulSet and friends use the field with the same meaning.
    builtinKinds = true)
public final class StatusObservedGenerationNotAhead implements ObjectRule {
  static final String POINTER = "/status/observedGeneration";

  @Override
  public void check(ObjectCheck check) {
    OptionalLong generation = check.generation();
    OptionalLong observed = check.statusObservedGeneration();
    if (generation.isEmpty() || observed.isEmpty() || observed.getAsLong() <= generation.getAsLong()) {
      return;
    }
    check.report(
        POINTER,
        "status.observedGeneration " + observed.getAsLong() + " is ahead of metadata.generation "
            + generation.getAsLong() + ": the controller cannot have observed a generation that does"
            + " not exist yet.",
        "Set status.observedGeneration to the metadata.generation the controller reconciled (at most "
            + generation.getAsLong() + ").");
  }
}
