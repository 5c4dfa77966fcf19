package dev.condlint.rules.catalogue.generation;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.rules.api.ListFact;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.catalogue.common.SummaryConditions;
import java.util.ArrayList;
import java.util.Collections;
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
    List<ConditionList> lists = check.conditionLists();
    if (lists.size() == 1) {
      return check.fact(OF_LIST, lists.get(0));
    }
    List<Observed> out = new ArrayList<>();
    for (ConditionList list : lists) {
      out.addAll(check.fact(OF_LIST, list));
    }
    return out;
  }

  /** {@link #in} of one list (unmodifiable): C06 and C07 both ask it, so worked out once per list and object. */
  private static final ListFact<List<Observed>> OF_LIST = ListFact.ofList((check, list) -> {
    Optional<Condition> summary = SummaryConditions.firstTrueIn(check, list);
    if (summary.isEmpty()) {
      return List.of();
    }
    List<Observed> out = new ArrayList<>();
    for (Condition c : list.conditions()) {
      OptionalLong observed = c.observedGeneration();
      if (observed.isPresent() && observed.getAsLong() > 0) {
        out.add(new Observed(list, summary.get(), c, observed.getAsLong()));
      }
    }
    return Collections.unmodifiableList(out);
  });
}
