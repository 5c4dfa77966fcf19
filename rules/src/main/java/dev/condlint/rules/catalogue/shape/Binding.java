package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.Known;
import java.util.Optional;

/**
 * How firmly a limit on a condition field's values (a pattern, a length) binds a condition, which
 * decides how loud a finding by it may be: where the condition type's declared schema or constraints
 * state the limit, the API server rejects the value (an error, at the rule's level); where an inferred
 * schema that the evidence holds the list to states it, at most a warning resting on that inference;
 * elsewhere the limit is only metav1.Condition's convention, which the kind's own type need not follow
 * and its API server need not enforce: at most an info that names the convention.
 */
record Binding(Severity cap, Optional<ContractBasis> basis) {
  static final Binding DECLARED = new Binding(Severity.ERROR, Optional.empty());

  static Binding inferred(ContractBasis basis) {
    return new Binding(Severity.WARNING, Optional.of(basis));
  }

  /** Only the convention ({@code metav1.Condition's reason pattern}): an info that says so. */
  static Binding convention(ObjectCheck check, Condition c, String convention) {
    boolean declared = check.contractOf(c).declaredSchema().isPresent();
    return new Binding(Severity.INFO, Optional.of(new ContractBasis(ContractBasis.Source.INFERRED,
        (declared ? "the condition type's declared schema does not state it" : "no declared condition schema")
            + "; " + convention + " as the convention")));
  }

  /**
   * The binding of the pattern that the condition type's schema may hold {@code field} to: declared
   * where the list's declared schema has it (a CRD's own pattern, a catalogue family's), inferred where
   * an inferred schema the list is held to has it, else the convention.
   */
  static Binding ofPattern(ObjectCheck check, Condition c, String field, String convention) {
    Optional<Known<ConditionSchema>> schema = check.contractOf(c).schema().filter(Known::holds);
    if (schema.isPresent() && schema.get().value().hasPattern(field)) {
      return schema.get().isDeclared() ? DECLARED : inferred(schema.get().basis());
    }
    return convention(check, c, convention);
  }

  boolean isDeclared() {
    return basis.isEmpty();
  }

  /** Reports at the rule's level where declared, else at most at {@link #cap} on {@link #basis}. */
  void report(ObjectCheck check, String pointer, String message, String hint) {
    if (basis.isEmpty()) {
      check.report(pointer, message, hint);
    } else {
      check.report(basis.get(), cap, pointer, message, hint);
    }
  }
}
