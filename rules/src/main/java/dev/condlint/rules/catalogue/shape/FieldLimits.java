package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.rules.api.ListFact;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.ConditionFamily;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.SchemaMarkers;
import dev.condlint.rules.schema.SchemaPatterns;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The length limits a condition's own type puts on its fields, read from data, never from code, each
 * with how firmly it binds ({@link Binding}): for a field, the {@code constraints} the list's strongest
 * entry or its CRD states for it (declared; where they state the field but not this limit, as a CRD
 * that puts no maxLength on it, only the convention below gives one), else those of
 * the family the list's schema holds it to (families.json: declared, or inferred where the evidence
 * holds the list to the family), else, where that family lists none (its limits are not in the
 * catalogue) or no schema holds, those of the profile's convention family (metav1.Condition's for every
 * profile but Cluster API v1beta1's), which bind only as a convention.
 */
final class FieldLimits {
  private FieldLimits() {}

  /**
   * A standard field's own pattern and length limits for one list: the same for every condition of it,
   * so the rules that walk a list ({@link dev.condlint.rules.api.PreparedList}) read them once per list,
   * not once per condition.
   */
  record Of(Optional<FieldPattern> ownPattern, Optional<Limit> maxLength, Optional<Limit> minLength) {
    /** None: what the rules hold a built-in kind's type to (ValidateLabelName's limits only). */
    static final Of NONE = new Of(Optional.empty(), Optional.empty(), Optional.empty());

    /** The limits of {@code field} for {@code c}'s list. */
    static Of of(ObjectCheck check, Condition c, String field) {
      return new Of(FieldLimits.ownPattern(check, c, field), FieldLimits.maxLength(check, c, field),
          FieldLimits.minLength(check, c, field));
    }
  }

  /** A limit, and how firmly it binds the condition. */
  record Limit(int value, Binding binding) {}

  /**
   * A pattern, as its source states it, compiled as the API server's schema check compiles it
   * ({@link SchemaPatterns}), and how firmly it binds the condition.
   */
  record FieldPattern(String source, Predicate<String> regex, Binding binding) {
    boolean matches(String value) {
      return regex.test(value);
    }

    /** {@code does not match `P`; its condition type's schema rejects it.}, as firmly as the pattern binds. */
    String mismatch(String rejected) {
      return "does not match `" + source + "`; " + (binding.isDeclared() ? "its condition type's schema rejects "
          : "the schema its list is held to would reject ") + rejected + ".";
    }
  }

  /**
   * The field's {@code pattern}, where its condition type states one other than metav1.Condition's
   * (families.json's {@code metav1} entry) for the field: empty where the pattern is metav1.Condition's
   * or none is stated (the rules then hold the field to metav1.Condition's pattern as they always have),
   * or where it does not compile (a CRD the API server would not have taken: condlint says less).
   */
  static Optional<FieldPattern> ownPattern(ObjectCheck check, Condition c, String field) {
    // As the limits: the same for every condition of a list, so worked out once per list and object.
    int f = STANDARD.indexOf(field);
    if (f >= 0) {
      return check.fact(OWN_PATTERNS.get(f), c);
    }
    return check.shared(new Key(check.contractOf(c), field, OWN_PATTERN), k -> readOwnPattern(check, c, field));
  }

  private static Optional<FieldPattern> readOwnPattern(ObjectCheck check, Condition c, String field) {
    Optional<Stated> stated = limit(check, c, check.contractOf(c), field, "pattern").filter(s -> s.value().isTextual());
    if (stated.isEmpty()) {
      return Optional.empty();
    }
    String source = stated.get().value().asText();
    ConditionFamily metav1 = check.catalogue().families().get(METAV1);
    JsonNode metav1Pattern = metav1 == null ? null : metav1.markers().of(field).get("pattern");
    if (metav1Pattern != null && metav1Pattern.asText().equals(source)) {
      return Optional.empty();
    }
    return SchemaPatterns.compiled(source).map(regex -> new FieldPattern(source, regex, stated.get().binding()));
  }

  private static final String METAV1 = "metav1";
  private static final String OWN_PATTERN = "own pattern";

  /** A keyword's value as the first source that states it gives it, and how firmly it binds. */
  private record Stated(JsonNode value, Binding binding) {}

  /** The field's {@code maxLength}, if its condition type declares one or the convention gives one. */
  static Optional<Limit> maxLength(ObjectCheck check, Condition c, String field) {
    return length(check, c, field, "maxLength");
  }

  /** The field's {@code minLength}, if its condition type declares one or the convention gives one. */
  static Optional<Limit> minLength(ObjectCheck check, Condition c, String field) {
    return length(check, c, field, "minLength");
  }

  private static Optional<Limit> length(ObjectCheck check, Condition c, String field, String keyword) {
    int f = STANDARD.indexOf(field);
    if (f >= 0) {
      return check.fact((keyword.equals("maxLength") ? MAX_LENGTHS : MIN_LENGTHS).get(f), c);
    }
    return check.shared(new Key(check.contractOf(c), field, keyword), k -> readLength(check, c, field, keyword));
  }

  private static Optional<Limit> readLength(ObjectCheck check, Condition c, String field, String keyword) {
    return limit(check, c, check.contractOf(c), field, keyword).filter(s -> s.value().canConvertToInt())
        .map(s -> new Limit(s.value().asInt(), s.binding()));
  }

  /**
   * The fields whose limits the rules ask of every condition: their limits and own patterns are list
   * facts ({@link ListFact}), read per condition without a key; any other field's go through {@link
   * ObjectCheck#shared}.
   */
  private static final java.util.List<String> STANDARD = java.util.List.of("type", "reason", "message");
  private static final java.util.List<ListFact<Optional<Limit>>> MAX_LENGTHS = STANDARD.stream()
      .map(field -> ListFact.<Optional<Limit>>of((check, c) -> readLength(check, c, field, "maxLength"))).toList();
  private static final java.util.List<ListFact<Optional<Limit>>> MIN_LENGTHS = STANDARD.stream()
      .map(field -> ListFact.<Optional<Limit>>of((check, c) -> readLength(check, c, field, "minLength"))).toList();
  private static final java.util.List<ListFact<Optional<FieldPattern>>> OWN_PATTERNS = STANDARD.stream()
      .map(field -> ListFact.<Optional<FieldPattern>>of((check, c) -> readOwnPattern(check, c, field))).toList();

  /**
   * What a limit depends on: the condition's list contract (by identity: one instance per list of the
   * object), the field and the keyword; the rest (the catalogue, the profile's convention family) is the
   * same for the whole object.
   */
  private record Key(ListContract contract, String field, String keyword) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.contract == contract && k.field.equals(field) && k.keyword.equals(keyword);
    }

    @Override
    public int hashCode() {
      return (System.identityHashCode(contract) * 31 + field.hashCode()) * 31 + keyword.hashCode();
    }
  }

  private static Optional<Stated> limit(
      ObjectCheck check, Condition c, ListContract contract, String field, String keyword) {
    Optional<SchemaMarkers> stated = contract.declaredConstraints().filter(m -> m.fields().contains(field));
    if (stated.isPresent()) {
      Optional<Stated> declared = value(stated.get(), field, keyword).map(v -> new Stated(v, Binding.DECLARED));
      return declared.isPresent() ? declared : convention(check, c, field, keyword);
    }
    Optional<Known<ConditionSchema>> schema = contract.schema().filter(Known::holds);
    Optional<SchemaMarkers> family = schema.flatMap(k -> k.value().family())
        .map(id -> check.catalogue().families().get(id)).map(ConditionFamily::markers)
        .filter(m -> !m.isEmpty());
    if (family.isPresent()) {
      Binding binding = schema.get().isDeclared() ? Binding.DECLARED : Binding.inferred(schema.get().basis());
      return value(family.get(), field, keyword).map(v -> new Stated(v, binding));
    }
    return convention(check, c, field, keyword);
  }

  private static Optional<Stated> convention(ObjectCheck check, Condition c, String field, String keyword) {
    return check.settings().conventionFamily().flatMap(f -> value(f.markers(), field, keyword)
        .map(v -> new Stated(v, Binding.convention(check, c, () -> f.id() + "'s " + field + " " + keyword + " " + v.asText()))));
  }

  private static Optional<JsonNode> value(SchemaMarkers markers, String field, String keyword) {
    return Optional.ofNullable(markers.of(field).get(keyword)).filter(v -> !v.isNull());
  }
}
