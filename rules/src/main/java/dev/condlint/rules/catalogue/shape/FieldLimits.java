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
      int f = STANDARD.indexOf(field);
      if (f >= 0) {
        return check.fact(OFS.get(f), c);
      }
      return new Of(FieldLimits.ownPattern(check, c, field), FieldLimits.maxLength(check, c, field),
          FieldLimits.minLength(check, c, field));
    }

    /**
     * The three of a standard field for a list, with the source that states them (its declared constraints,
     * the family its schema holds it to, or the convention) found once for the three, not once for each.
     */
    private static Of read(ObjectCheck check, Condition c, String field) {
      Source source = Source.of(check, check.contractOf(c), field);
      return new Of(readOwnPattern(check, c, field, source), readLength(check, c, field, "maxLength", source),
          readLength(check, c, field, "minLength", source));
    }
  }

  /**
   * The limits of the fields whose limits the rules ask of every condition, one list fact per field
   * ({@link ListFact}), read per list without a key; any other field's go through {@link ObjectCheck#shared}.
   */
  private static final java.util.List<String> STANDARD = java.util.List.of("type", "reason", "message");
  private static final java.util.List<ListFact<Of>> OFS = STANDARD.stream()
      .map(field -> ListFact.<Of>of((check, c) -> Of.read(check, c, field))).toList();

  /**
   * What states a field's limits for a list ({@link #limit}): the declared constraints that name the field,
   * else the markers of the family a schema the list is held to gives it (with how firmly that binds), else
   * neither (the convention alone).
   */
  private record Source(Optional<SchemaMarkers> stated, Optional<SchemaMarkers> family, Binding familyBinding,
      Optional<Known<ConditionSchema>> schema) {
    static Source of(ObjectCheck check, ListContract contract, String field) {
      Optional<SchemaMarkers> stated = contract.declaredConstraints().filter(m -> m.fields().contains(field));
      if (stated.isPresent()) {
        return new Source(stated, Optional.empty(), null, Optional.empty());
      }
      Optional<Known<ConditionSchema>> schema = contract.schema().filter(Known::holds);
      Optional<SchemaMarkers> family = schema.flatMap(k -> k.value().family())
          .map(id -> check.catalogue().families().get(id)).map(ConditionFamily::markers)
          .filter(m -> !m.isEmpty());
      if (family.isPresent()) {
        return new Source(Optional.empty(), family,
            schema.get().isDeclared() ? Binding.DECLARED : Binding.inferred(schema.get().basis()), schema);
      }
      return new Source(Optional.empty(), Optional.empty(), null, Optional.empty());
    }

    /**
     * Whether the family's keyword binds as {@link #familyBinding}: always where declared; where inferred, only
     * if the rung makes that claim ({@code reason.maxLength}; families.json guesses' claims), else the limit is
     * the convention's.
     */
    boolean familyClaims(String field, String keyword) {
      return schema.isEmpty() || schema.get().claims(field + "." + keyword);
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
    if (STANDARD.contains(field)) {
      return Of.of(check, c, field).ownPattern();
    }
    return check.shared(new Key(check.contractOf(c), field, OWN_PATTERN),
        k -> readOwnPattern(check, c, field, Source.of(check, check.contractOf(c), field)));
  }

  private static Optional<FieldPattern> readOwnPattern(ObjectCheck check, Condition c, String field, Source from) {
    Optional<Stated> stated = limit(check, c, from, field, "pattern").filter(s -> s.value().isTextual());
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
    if (STANDARD.contains(field)) {
      Of of = Of.of(check, c, field);
      return keyword.equals("maxLength") ? of.maxLength() : of.minLength();
    }
    return check.shared(new Key(check.contractOf(c), field, keyword),
        k -> readLength(check, c, field, keyword, Source.of(check, check.contractOf(c), field)));
  }

  private static Optional<Limit> readLength(ObjectCheck check, Condition c, String field, String keyword, Source source) {
    return limit(check, c, source, field, keyword).filter(s -> s.value().canConvertToInt())
        .map(s -> new Limit(s.value().asInt(), s.binding()));
  }

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

  /**
   * The keyword's value for the field as {@code source} states it: the declared constraints' (else the
   * convention's), or the family's (and nothing else), or the convention's.
   */
  private static Optional<Stated> limit(ObjectCheck check, Condition c, Source source, String field, String keyword) {
    if (source.stated().isPresent()) {
      Optional<Stated> declared = value(source.stated().get(), field, keyword).map(v -> new Stated(v, Binding.DECLARED));
      return declared.isPresent() ? declared : convention(check, c, field, keyword);
    }
    if (source.family().isPresent() && source.familyClaims(field, keyword)) {
      return value(source.family().get(), field, keyword).map(v -> new Stated(v, source.familyBinding()));
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
