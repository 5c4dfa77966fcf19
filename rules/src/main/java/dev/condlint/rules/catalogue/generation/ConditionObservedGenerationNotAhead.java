package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.OptionalLong;

/** A condition claims to have observed a generation the object has not reached yet. */
@RuleInfo(
    id = "condition-observed-generation-not-ahead",
    code = "C01",
    title = "A condition's observedGeneration is not greater than metadata.generation",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "observedGeneration \"represents the .metadata.generation that the condition was set based"
            + " upon\", and generation is set by the system and only increases, so a value ahead of it"
            + " can only come from a stale or broken writer. A /status write cannot change generation.",
    source =
        "kubernetes/apimachinery pkg/apis/meta/v1/types.go (Condition.observedGeneration);"
            + " gateway-api apis/v1 Conditions implementor notes",
    // Built-in kinds apply: where their conditions carry observedGeneration (PodCondition since
    // KEP-5067), it means the same thing and cannot be ahead either.
    builtinKinds = true)
public final class ConditionObservedGenerationNotAhead implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    OptionalLong generation = check.generation();
    if (generation.isEmpty()) {
      return;
    }
    for (ConditionList list : check.conditionLists()) {
      for (Condition c : list.conditions()) {
        OptionalLong observed = c.observedGeneration();
        if (observed.isPresent() && observed.getAsLong() > generation.getAsLong()) {
          check.report(
              c.pointer("observedGeneration"),
              "observedGeneration " + observed.getAsLong() + " is ahead of metadata.generation "
                  + generation.getAsLong() + ": a condition cannot be based on a generation that does"
                  + " not exist yet.",
              "Set observedGeneration to the metadata.generation the controller reconciled (at most "
                  + generation.getAsLong() + ").");
        }
      }
    }
  }
}
