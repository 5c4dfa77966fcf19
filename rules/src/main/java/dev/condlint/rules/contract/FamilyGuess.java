package dev.condlint.rules.contract;

import java.util.Set;

/**
 * A rule for recognising a condition family from the fields a list's conditions carry: when some
 * condition has every field of {@code when} and (if {@code within} is set) no condition has a field
 * outside that family's fields.
 */
public record FamilyGuess(Set<String> when, String family, String within) {
  public FamilyGuess {
    when = Set.copyOf(when);
  }
}
