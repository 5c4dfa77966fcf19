package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A value of a contract with the {@link ContractBasis} it rests on, and for an inferred value how far
 * its evidence holds the object to it.
 */
public record Known<T>(T value, ContractBasis basis, Hold hold, Asks asks, Set<String> claims) {

  /**
   * The claims of {@link #claims} that stand for every value claim: a declared schema's, the group's rung's,
   * and an inferred one's where its guess names none.
   */
  public static final Set<String> EVERY_CLAIM = Set.of("*");

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
    FIELDS,
    /**
     * As {@link #FIELDS}, on evidence about the kind rather than its look: every other kind of its API group
     * that the bundled CRD index holds uses the family at the list's path ({@code SiblingFamily}).
     */
    GROUP
  }

  /**
   * Which absent fields an inferred schema that holds the values asks for, and on what evidence: where
   * at least {@code others} other conditions of the list are there and every one of them carries the
   * field. {@code fields} empty with {@link Hold#FIELDS}: every field the schema requires.
   */
  public record Asks(Set<String> fields, int others, Set<String> onlyWhenAbnormal) {
    public static final Asks NONE = new Asks(Set.of(), 0, Set.of());
    /** Every required field, where the list has another condition and all its others carry it. */
    public static final Asks REQUIRED = new Asks(Set.of(), 1, Set.of());

    /**
     * @param onlyWhenAbnormal the fields asked for only of a condition in its abnormal state (False, or
     *     True where the type is known to be abnormal-true): look-alike types leave them out when all is well
     */
    public Asks {
      // In the order given: docs list them.
      fields = Collections.unmodifiableSet(new LinkedHashSet<>(fields));
      onlyWhenAbnormal = Collections.unmodifiableSet(new LinkedHashSet<>(onlyWhenAbnormal));
    }
  }

  /**
   * @param claims the claims on the values present that an inferred schema holding the values makes at
   *     warning (families.json guesses' {@code claims}: {@code closed}, a field it lacks; {@code FIELD.KEYWORD},
   *     a marker such as {@code reason.minLength}), each measured on the bundled CRD index
   *     (RungClaimMeasurementTest); a value claim it does not make is at most metav1.Condition's convention
   *     (an info). {@link #EVERY_CLAIM}: all of them.
   */
  public Known {
    claims = Set.copyOf(claims);
  }

  public Known(T value, ContractBasis basis, Hold hold, Asks asks) {
    this(value, basis, hold, asks, EVERY_CLAIM);
  }

  public Known(T value, ContractBasis basis) {
    this(value, basis, Hold.NONE);
  }

  public Known(T value, ContractBasis basis, Hold hold) {
    this(value, basis, hold, hold == Hold.FIELDS || hold == Hold.GROUP ? Asks.REQUIRED : Asks.NONE);
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
    return isDeclared() || hold == Hold.FIELDS || hold == Hold.GROUP;
  }

  /** Inferred from what the other kinds of the object's API group use, not from the object's own fields. */
  public boolean byGroup() {
    return !isDeclared() && hold == Hold.GROUP;
  }

  /**
   * Declared, or inferred from evidence strong enough to hold the values present to the schema, and making
   * this claim of them ({@code closed}, {@code reason.minLength}, ...): a finding by it may be a warning;
   * where the evidence holds the values but makes no such claim, at most an info naming the convention.
   */
  public boolean claims(String claim) {
    return isDeclared() || (holds() && (claims.contains("*") || claims.contains(claim)));
  }

  /**
   * Declared, or inferred from evidence strong enough to ask for this absent field (where the list's
   * other conditions carry it, {@link Asks}).
   */
  public boolean asksFor(String field) {
    return isDeclared() || (holdsFields() && asks.fields().isEmpty())
        || (holds() && asks.fields().contains(field));
  }
}
