package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.OptionalLong;

/** status.observedGeneration is negative (Flux's -1 "never observed" sentinel is allowed by its profile). */
@RuleInfo(
    id = "status-observed-generation-non-negative",
    code = "C03",
    title = "status.observedGeneration is not negative",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "Generations start at 1, so a negative observedGeneration names no generation; built-in"
            + " workloads reject it. No CRD-level convention exists, and Flux CRDs default it to -1 as"
            + " a \"never observed\" sentinel, so the flux profile turns this rule off.",
    source =
        "kubernetes/kubernetes pkg/apis/apps/validation/validation.go (ValidateNonnegativeField);"
            + " fluxcd/kustomize-controller api/v1/kustomization_types.go (+kubebuilder:default)",
    // Built-in kinds apply: they are the source of the convention (the apps validation rejects it).
    builtinKinds = true)
public final class StatusObservedGenerationNonNegative implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    OptionalLong observed = check.statusObservedGeneration();
    // Like every C rule, skipped for hand-written samples without metadata.generation (§5.10).
    if (check.generation().isEmpty() || observed.isEmpty() || observed.getAsLong() >= 0) {
      return;
    }
    check.report(
        StatusObservedGenerationNotAhead.POINTER,
        "status.observedGeneration is " + observed.getAsLong() + ", but generations start at 1; a"
            + " negative value names no generation.",
        "Omit status.observedGeneration (or set it to 0) until the controller has observed a"
            + " generation, then set it to that metadata.generation.");
  }
}
