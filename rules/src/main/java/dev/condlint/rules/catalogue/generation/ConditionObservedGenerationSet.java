package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A condition does not say which generation it was based on, where its contract (configuration, CRD,
 * catalogue or profile) says its conditions record one.
 */
@RuleInfo(
    id = "condition-observed-generation-set",
    code = "C04",
    title = "Every condition sets observedGeneration",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "Without observedGeneration (or with 0) a condition \"does not correspond to a known"
            + " generation\", so readers cannot tell a current condition from a stale one. Flux, Gateway"
            + " API and Cluster API v1beta2 always set it; Knative and Cluster API v1beta1 conditions"
            + " have no such field, and kstatus ignores it.",
    source =
        "KEP-1623 (Standardize Conditions); fluxcd/pkg runtime/conditions/check WARN0005;"
            + " gateway-api GEP-1364",
    // Built-in condition types (PodCondition, NodeCondition, DeploymentCondition...) mostly have no
    // observedGeneration field at all, so asking for one there would be noise.
    builtinKinds = false)
public final class ConditionObservedGenerationSet implements ObjectRule {
  private static final String HINT = "Set observedGeneration to the metadata.generation the condition was computed from.";

  @Override
  public void check(ObjectCheck check) {
    OptionalLong generation = check.generation();
    boolean always = check.settings().observedGenerationAlways();
    if (!always && (generation.isEmpty() || generation.getAsLong() < 1)) {
      return;
    }
    for (ConditionList list : check.conditionLists()) {
      Optional<Known<GenerationTracking>> tracking =
          check.contractOf(list).generation().filter(k -> k.isDeclared() && k.value().perCondition());
      if (tracking.isEmpty()) {
        continue;
      }
      ContractBasis basis = tracking.get().basis();
      String against = generation.isPresent() && generation.getAsLong() >= 1
          ? "metadata.generation " + generation.getAsLong()
          : "the object's generation (Flux's conformance check flags every condition below 1, WARN0005)";
      for (Condition c : list.conditions()) {
        if (check.contractOf(list).isPlaceholder(c)) {
          // The CRD's default, not a controller's write: nothing has looked at any generation yet.
          continue;
        }
        if (!c.has("observedGeneration")) {
          check.report(basis, Severity.ERROR, c.pointer("observedGeneration"),
              "The condition has no observedGeneration, so readers cannot tell whether it describes "
                  + against + " or an older one; its conditions record one (per " + basis.phrase() + ").",
              HINT);
        } else if (c.observedGeneration().orElse(-1) == 0) {
          check.report(basis, Severity.ERROR, c.pointer("observedGeneration"),
              "observedGeneration is 0, which means the condition corresponds to no known generation"
                  + (generation.isPresent() ? " (metadata.generation is " + generation.getAsLong() + ")." : "."),
              HINT);
        }
      }
    }
  }
}
