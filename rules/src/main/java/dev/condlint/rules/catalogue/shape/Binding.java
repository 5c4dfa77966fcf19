package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.Known;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * How firmly a limit on a condition field's values (a pattern, a length) binds a condition, which
 * decides how loud a finding by it may be: where the condition type's declared schema or constraints
 * state the limit, the API server rejects the value (an error, at the rule's level); where an inferred
 * schema that the evidence holds the list to states it, at most a warning resting on that inference;
 * elsewhere the limit is only metav1.Condition's convention, which the kind's own type need not follow
 * and its API server need not enforce: at most an info that names the convention.
 */
final class Binding {
  static final Binding DECLARED = new Binding(Severity.ERROR, Optional.empty());

  /** The most a finding by the limit may be. */
  private final Severity cap;
  /** What the limit rests on; empty where declared; null until asked where {@link #later} makes it. */
  private Optional<ContractBasis> basis;
  /** The basis, made when first asked (a finding's): the limits are worked out for every list, findings are rare. */
  private final Supplier<ContractBasis> later;

  private Binding(Severity cap, Optional<ContractBasis> basis) {
    this.cap = cap;
    this.basis = basis;
    this.later = null;
  }

  private Binding(Severity cap, Supplier<ContractBasis> later) {
    this.cap = cap;
    this.later = later;
  }

  static Binding inferred(ContractBasis basis) {
    return new Binding(Severity.WARNING, Optional.of(basis));
  }

  /** Only the convention ({@code metav1.Condition's reason pattern}): an info that says so. */
  static Binding convention(ObjectCheck check, Condition c, String convention) {
    return convention(check, c, () -> convention);
  }

  /**
   * {@link #convention(ObjectCheck, Condition, String)} with the convention's words made only where a
   * finding reports them.
   */
  static Binding convention(ObjectCheck check, Condition c, Supplier<String> convention) {
    boolean declared = check.contractOf(c).declaredSchema().isPresent();
    return new Binding(Severity.INFO, () -> new ContractBasis(ContractBasis.Source.INFERRED,
        (declared ? "the condition type's declared schema does not state it" : "no declared condition schema")
            + "; " + convention.get() + " as the convention"));
  }

  /**
   * The binding of the pattern that the condition type's schema may hold {@code field} to: declared
   * where the list's declared schema has it (a CRD's own pattern, a catalogue family's), inferred where
   * an inferred schema the list is held to has it and its rung claims it ({@code FIELD.pattern}), else the
   * convention.
   */
  static Binding ofPattern(ObjectCheck check, Condition c, String field, String convention) {
    Optional<Known<ConditionSchema>> schema = check.contractOf(c).schema().filter(Known::holds);
    // An inferred schema states the pattern only where its rung makes that claim (families.json guesses' claims).
    if (schema.isPresent() && schema.get().value().hasPattern(field) && schema.get().claims(field + ".pattern")) {
      return schema.get().isDeclared() ? DECLARED : inferred(schema.get().basis());
    }
    return convention(check, c, convention);
  }

  Severity cap() {
    return cap;
  }

  Optional<ContractBasis> basis() {
    if (basis == null) {
      basis = Optional.of(later.get());
    }
    return basis;
  }

  boolean isDeclared() {
    return later == null && basis.isEmpty(); // a basis made later is never empty
  }

  /** Reports at the rule's level where declared, else at most at {@link #cap} on {@link #basis}. */
  void report(ObjectCheck check, String pointer, String message, String hint) {
    Optional<ContractBasis> on = basis();
    if (on.isEmpty()) {
      check.report(pointer, message, hint);
    } else {
      check.report(on.get(), cap, pointer, message, hint);
    }
  }
}
