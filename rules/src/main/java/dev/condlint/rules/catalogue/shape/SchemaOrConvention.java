package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;

/**
 * How a shape rule reports a value that metav1.Condition's schema would reject: an error where the
 * condition type's declared schema holds the field to it as well; elsewhere a warning, as a kind nobody
 * declared may give the field a form of its own, and metav1.Condition's is then only the convention.
 * The warning rests on the list's inferred schema when there is one, else on the convention itself.
 */
final class SchemaOrConvention {
  private final ContractBasis convention;

  /** {@code convention} names what a kind nobody declared is held to: {@code metav1.Condition's statuses}. */
  SchemaOrConvention(String convention) {
    this.convention = new ContractBasis(ContractBasis.Source.INFERRED,
        "no declared condition schema; " + convention + " as the convention");
  }

  /**
   * Reports {@code declaredMessage} as an error where {@code declared} (the condition type's schema
   * rejects the value), else {@code conventionMessage} as a warning.
   */
  void report(ObjectCheck check, ListContract contract, boolean declared, String pointer, String declaredMessage,
      String conventionMessage, String hint) {
    if (declared) {
      check.report(pointer, declaredMessage, hint);
    } else {
      check.report(contract.schema().map(Known::basis).orElse(convention), Severity.WARNING, pointer,
          conventionMessage, hint);
    }
  }
}
