package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.catalogue.common.SummaryConditions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** The conditions a True summary vouches for, with their observedGeneration: what C06 and C07 compare. */
final class ObservedUnderSummary {
  private ObservedUnderSummary() {}

  /** A condition with a set observedGeneration, in a list whose first True summary is {@code summary}. */
  record Observed(ConditionList list, Condition summary, Condition condition, long observedGeneration) {}

  /**
   * Every condition with an observedGeneration above 0 (unset or 0 is rule C04's) in the lists that
   * have a True summary, with that summary.
   */
  static List<Observed> in(ObjectCheck check) {
    List<Observed> out = new ArrayList<>();
    for (ConditionList list : check.conditionLists()) {
      Optional<Condition> summary = SummaryConditions.firstTrueIn(check, list);
      if (summary.isEmpty()) {
        continue;
      }
      for (Condition c : list.conditions()) {
        OptionalLong observed = c.observedGeneration();
        if (observed.isPresent() && observed.getAsLong() > 0) {
          out.add(new Observed(list, summary.get(), c, observed.getAsLong()));
        }
      }
    }
    return out;
  }
}
