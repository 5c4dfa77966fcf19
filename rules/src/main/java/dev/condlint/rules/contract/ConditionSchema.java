package dev.condlint.rules.contract;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The fields of a condition type and which of them are required, with the name of the family it
 * belongs to when one is known ({@code metav1}, {@code knative}, ...), and the fields whose values
 * its schema holds to a pattern.
 */
public final class ConditionSchema {
  private final Optional<String> family;
  private final Map<String, FieldRule> fields;
  private final Set<String> patterned;

  public ConditionSchema(Optional<String> family, Map<String, FieldRule> fields) {
    this(family, fields, Set.of());
  }

  /** @param patterned the fields whose values the schema holds to a pattern (metav1.Condition's type and reason) */
  public ConditionSchema(Optional<String> family, Map<String, FieldRule> fields, Set<String> patterned) {
    this.family = family;
    this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    this.patterned = Set.copyOf(patterned);
  }

  /** The family's id ({@code metav1}); empty for a schema read from a CRD that no family matches. */
  public Optional<String> family() {
    return family;
  }

  /** Every field, in declaration order. */
  public Map<String, FieldRule> fields() {
    return fields;
  }

  public Set<String> fieldNames() {
    return fields.keySet();
  }

  public boolean has(String field) {
    return fields.containsKey(field);
  }

  /** Whether the schema holds the field's values to a pattern ({@code constraints} in families.json). */
  public boolean hasPattern(String field) {
    return patterned.contains(field);
  }

  /** The fields whose values the schema holds to a pattern. */
  public Set<String> patterned() {
    return patterned;
  }

  /** Whether a condition with this status must carry the field (false for a field the type lacks). */
  public boolean requires(String field, String status) {
    FieldRule rule = fields.get(field);
    return rule != null && rule.requiredFor(status);
  }

  /** This schema with some fields added or their rules replaced; the family and its patterns stay. */
  public ConditionSchema with(Map<String, FieldRule> changes) {
    if (changes.isEmpty()) {
      return this;
    }
    Map<String, FieldRule> merged = new LinkedHashMap<>(fields);
    merged.putAll(changes);
    return new ConditionSchema(family, merged, patterned);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ConditionSchema other && family.equals(other.family) && fields.equals(other.fields)
        && patterned.equals(other.patterned);
  }

  @Override
  public int hashCode() {
    return Objects.hash(family, fields, patterned);
  }

  @Override
  public String toString() {
    return "ConditionSchema[" + family.orElse("-") + " " + fields
        + (patterned.isEmpty() ? "" : " patterns " + patterned) + "]";
  }
}
