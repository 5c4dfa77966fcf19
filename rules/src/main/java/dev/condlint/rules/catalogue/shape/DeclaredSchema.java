package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.Known;
import java.util.Optional;

/**
 * The condition schema of a condition's list when the configuration, a CRD or the catalogue gives it:
 * the rules that demand or forbid fields judge only by such a schema, never by one guessed from the
 * object, so that they say nothing of kinds condlint does not know.
 */
record DeclaredSchema(ConditionSchema schema, ContractBasis basis) {

  static Optional<DeclaredSchema> of(ObjectCheck check, Condition condition) {
    return check.contractOf(condition).schema()
        .filter(Known::isDeclared)
        .map(k -> new DeclaredSchema(k.value(), k.basis()));
  }

  /** The field's rule when this condition, with its status, must carry the field. */
  Optional<FieldRule> requiredFor(String field, Condition condition) {
    return schema.requires(field, condition.status()) ? Optional.of(schema.fields().get(field)) : Optional.empty();
  }

  /** {@code its condition type requires X (per the CRD ...)}, the reason a finding gives. */
  String requirement(String what) {
    return "its condition type requires " + what + " (per " + basis.phrase() + ")";
  }
}
