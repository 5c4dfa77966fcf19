package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.Polarity;
import java.util.Optional;

/**
 * The condition schema of a condition's list when the configuration, a CRD or the catalogue gives it:
 * the rules that demand or forbid fields judge only by such a schema, never by one guessed from the
 * object, so that they say nothing of kinds condlint does not know.
 */
record DeclaredSchema(ConditionSchema schema, ContractBasis basis, ListContract contract) {

  static Optional<DeclaredSchema> of(ObjectCheck check, Condition condition) {
    ListContract contract = check.contractOf(condition);
    return contract.schema()
        .filter(Known::isDeclared)
        .map(k -> new DeclaredSchema(k.value(), k.basis(), contract));
  }

  /**
   * The field's rule when this condition, with its status, must carry the field. A field required for
   * some statuses only is asked of failures (Knative: a False condition "MUST provide a failure
   * reason"), so it is not asked of a False condition whose type is abnormal-true: that is its healthy state.
   */
  Optional<FieldRule> requiredFor(String field, Condition condition) {
    if (!schema.requires(field, condition.status())) {
      return Optional.empty();
    }
    FieldRule rule = schema.fields().get(field);
    boolean healthyFalse = condition.isFalse() && condition.type()
        .flatMap(contract::knownPolarity)
        .filter(p -> p.value() == Polarity.ABNORMAL_TRUE)
        .isPresent();
    return rule.whenStatus().isEmpty() || !healthyFalse ? Optional.of(rule) : Optional.empty();
  }

  /** {@code its condition type requires X (per the CRD ...)}, the reason a finding gives. */
  String requirement(String what) {
    return "its condition type requires " + what + " (per " + basis.phrase() + ")";
  }
}
