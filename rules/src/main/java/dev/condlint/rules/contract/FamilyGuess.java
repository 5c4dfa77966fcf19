package dev.condlint.rules.contract;

import java.util.List;
import java.util.Set;

/**
 * A rule for recognising a condition family from the fields a list's conditions carry: when some
 * condition has every field of {@code when}, (if {@code within} is set) no condition has a field
 * outside that family's fields, and (if {@code groups} are given) the object's API group matches one:
 * a {@code severity} means Cluster API's conditions in its groups, Knative's elsewhere.
 */
public record FamilyGuess(Set<String> when, String family, String within, List<GroupPattern> groups) {
  public FamilyGuess {
    when = Set.copyOf(when);
    groups = List.copyOf(groups);
  }

  /** Whether the guess may be made for objects of this API group. */
  public boolean appliesTo(String group) {
    return groups.isEmpty() || groups.stream().anyMatch(g -> g.matches(group));
  }
}
