package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ListFact;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.model.Pointers;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The condition schema of a condition's list when the configuration, a CRD or the catalogue gives it,
 * or when strong evidence on the object holds it to a family (metav1.Condition's observedGeneration,
 * or its five required fields on the list's conditions): the rules that demand or forbid fields judge only by
 * such a schema, the inferred one at warning and in words that say it was inferred, so that they say
 * nothing of kinds whose conditions show too little.
 */
record DeclaredSchema(
    ConditionSchema schema, ContractBasis basis, Known<ConditionSchema> known, ListContract contract,
    Supplier<List<Condition>> allConditions) {

  /**
   * The schema of {@code condition}'s list, if one holds: the same for every condition of the list, so
   * worked out once per list and object ({@link ListFact}; four rules ask it of every condition). A
   * condition's siblings are looked up only where an inferred schema asks for an absent field
   * ({@link #requiredFor}): finding them for every condition, in each of the four rules, walked every
   * condition of the object for each one and took a quarter of a status update's decision CPU on a
   * 30-condition review.
   */
  static Optional<DeclaredSchema> of(ObjectCheck check, Condition condition) {
    return check.fact(OF_LIST, condition);
  }

  private static final ListFact<Optional<DeclaredSchema>> OF_LIST = ListFact.of((check, condition) -> {
    ListContract contract = check.contractOf(condition);
    return contract.schema()
        .filter(Known::holds)
        .map(k -> new DeclaredSchema(k.value(), k.basis(), k, contract, check::allConditions));
  });

  /** The other conditions of {@code condition}'s list. */
  private List<Condition> siblings(Condition condition) {
    String list = Pointers.parent(condition.pointer());
    return allConditions.get().stream()
        .filter(c -> c.index() != condition.index() && Pointers.parent(c.pointer()).equals(list))
        .toList();
  }

  /** Whether the schema is inferred from the object rather than declared. */
  boolean inferred() {
    return !basis.source().isDeclared();
  }

  /** The most severe a finding by this schema may be: error where declared, warning where inferred. */
  Severity cap() {
    return inferred() ? Severity.WARNING : Severity.ERROR;
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
    // An inferred schema asks for an absent field only where its evidence asks for that field (the
    // ladder's rungs: families.json guesses' holds and asks), and where the list's other conditions, as
    // many as the rung wants, all carry it: a field no sibling writes may be optional in the kind's own
    // type (Crossplane's message, kro's time). A field the condition carries (an empty reason) needs neither.
    // The type's polarity is looked up only where the answer depends on it (four rules ask this of every
    // condition; most fields are required whatever the status).
    if (inferred() && !condition.has(field)
        && (!known.asksFor(field) || !othersCarry(field, known.asks().others(), condition)
            || (known.asks().onlyWhenAbnormal().contains(field)
                && !(abnormalTrue(condition) ? condition.isTrue() : condition.isFalse())))) {
      return Optional.empty();
    }
    FieldRule rule = schema.fields().get(field);
    return rule.whenStatus().isEmpty() || !(condition.isFalse() && abnormalTrue(condition))
        ? Optional.of(rule) : Optional.empty();
  }

  private boolean abnormalTrue(Condition condition) {
    Optional<String> type = condition.type();
    if (type.isEmpty()) {
      return false;
    }
    Optional<Known<Polarity>> polarity = contract.knownPolarity(type.get());
    return polarity.isPresent() && polarity.get().value() == Polarity.ABNORMAL_TRUE;
  }

  /** Whether the list has at least {@code atLeast} other conditions (and one), and every one carries {@code field}. */
  private boolean othersCarry(String field, int atLeast, Condition condition) {
    List<Condition> others = siblings(condition);
    return !others.isEmpty() && others.size() >= atLeast && others.stream().allMatch(s -> s.has(field));
  }

  /** {@code its condition type requires X (per the CRD ...)}, the reason a finding gives. */
  String requirement(String what) {
    if (inferred()) {
      return "if its condition type is the " + familyName() + " " + evidence() + ", it requires " + what
          + " (" + basis.phrase() + "; the list's other conditions carry it)";
    }
    return "its condition type requires " + what + " (per " + basis.phrase() + ")";
  }

  /** Why an inferred family is thought the list's: {@code its fields suggest}, {@code its group's other kinds use}. */
  String evidence() {
    return known.byGroup() ? "its group's other kinds use" : "its fields suggest";
  }

  /** The family's id ({@code metav1}), or "condition type" where the schema names none. */
  String familyName() {
    return schema.family().orElse("condition type");
  }
}
