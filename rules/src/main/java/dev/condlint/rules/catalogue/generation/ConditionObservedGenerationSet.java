package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.OptionalLong;

/** A condition does not say which generation it was based on. */
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
  @Override
  public void check(ObjectCheck check) {
    OptionalLong generation = check.generation();
    if (generation.isEmpty() || generation.getAsLong() < 1) {
      return;
    }
    for (ConditionList list : check.conditionLists()) {
      for (Condition c : list.conditions()) {
        if (!c.has("observedGeneration")) {
          check.report(
              c.pointer("observedGeneration"),
              "The condition has no observedGeneration, so readers cannot tell whether it describes"
                  + " metadata.generation " + generation.getAsLong() + " or an older one.",
              "Set observedGeneration to the metadata.generation the condition was computed from.");
        } else if (c.observedGeneration().orElse(-1) == 0) {
          check.report(
              c.pointer("observedGeneration"),
              "observedGeneration is 0, which means the condition corresponds to no known generation"
                  + " (metadata.generation is " + generation.getAsLong() + ").",
              "Set observedGeneration to the metadata.generation the condition was computed from.");
        }
      }
    }
  }
}
