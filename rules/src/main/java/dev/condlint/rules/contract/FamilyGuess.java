package dev.condlint.rules.contract;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A rule for recognising a condition family from the fields a list's conditions carry: when one
 * condition has every field of {@code when}, (if {@code within} is set) no condition has a field
 * outside that family's fields, and (if {@code groups} are given) the object's API group matches one:
 * a {@code severity} means Cluster API's conditions in its groups, Knative's elsewhere. {@code holds}
 * says how far the evidence binds the object to the family (the rungs of docs/contracts.md's ladder),
 * {@code asks} which absent fields it asks for, on how many other conditions that all carry them, and
 * {@code claims} which claims on the values present it makes at warning ({@link Known#claims}).
 */
public record FamilyGuess(
    Set<String> when, String family, String within, List<GroupPattern> groups, Known.Hold holds, Known.Asks asks,
    Set<String> claims) {
  public FamilyGuess {
    when = Collections.unmodifiableSet(new LinkedHashSet<>(when));
    groups = List.copyOf(groups);
    claims = Set.copyOf(claims);
  }

  /** Whether the guess may be made for objects of this API group. */
  public boolean appliesTo(String group) {
    return groups.isEmpty() || groups.stream().anyMatch(g -> g.matches(group));
  }
}
