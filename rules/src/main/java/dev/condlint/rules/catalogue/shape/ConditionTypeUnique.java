package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** Two conditions of one list with the same type. */
// Applies to built-in kinds: ValidateConditions rejects duplicates there too.
@RuleInfo(
    id = "condition-type-unique",
    code = "A04",
    title = "No two conditions of a list share a type",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "Conditions are a map keyed by type: a list-map schema makes the API server reject"
            + " duplicates, ValidateConditions reports `Duplicate value`, and clients that look a type up"
            + " see only one of the entries. Schemas without x-kubernetes-list-type: map (Flux, Knative)"
            + " let duplicates through, so the check matters most there. A type the kind's contract states"
            + " the API writes more than once (repeatableTypes: Strimzi's Warning, one per warning, told apart"
            + " by reason) is not reported.",
    source =
        "api-conventions.md (\"treated as a map with a key of type\"); apimachinery validation.go"
            + " ValidateConditions; knative/specs error-signalling.md (\"MUST be unique\"); GEP-1364")
public final class ConditionTypeUnique implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    Set<String> repeatable = check.settings().facts().repeatableTypes();
    for (ConditionList list : check.conditionLists()) {
      if (!list.hasRepeatedType()) {
        continue; // the list's index by type (other rules ask it too) says no type appears twice
      }
      Map<String, Integer> firstIndex = new HashMap<>();
      for (Condition c : list.conditions()) {
        if (c.type().isEmpty() || repeatable.contains(c.type().get())) {
          continue;
        }
        Integer first = firstIndex.putIfAbsent(c.type().get(), c.index());
        if (first != null) {
          check.report(
              c.pointer("type"),
              "Type " + FieldValues.quote(c.type().get()) + " appears again (first as condition #" + first
                  + "); conditions are a map keyed by type, so one of the two is lost.",
              "Merge the two conditions into one entry per type.");
        }
      }
    }
  }
}
