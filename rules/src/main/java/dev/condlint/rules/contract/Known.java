package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;

/**
 * A value of a contract with the {@link ContractBasis} it rests on, and for an inferred value how far
 * its evidence holds the object to it.
 */
public record Known<T>(T value, ContractBasis basis, Hold hold) {

  /**
   * How far an inferred condition schema binds the object (a declared one binds it fully): the rungs of
   * the evidence ladder of docs/contracts.md.
   */
  public enum Hold {
    /** Weak evidence: the schema describes the list; no rule demands or forbids fields by it. */
    NONE,
    /** The values the conditions carry are judged by it (an empty reason, a field it lacks), at warning. */
    VALUES,
    /** Also an absent field it requires, where the list's other conditions carry that field, at warning. */
    FIELDS
  }

  public Known(T value, ContractBasis basis) {
    this(value, basis, Hold.NONE);
  }

  public ContractBasis.Source source() {
    return basis.source();
  }

  public boolean isDeclared() {
    return basis.source().isDeclared();
  }

  /** Declared, or inferred from evidence strong enough to hold the object to it at all. */
  public boolean holds() {
    return isDeclared() || hold != Hold.NONE;
  }

  /** Declared, or inferred from evidence strong enough to ask for the fields it requires. */
  public boolean holdsFields() {
    return isDeclared() || hold == Hold.FIELDS;
  }
}
