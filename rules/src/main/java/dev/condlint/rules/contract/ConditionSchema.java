package dev.condlint.rules.contract;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The fields of a condition type and which of them are required, with the name of the family it
 * belongs to when one is known ({@code metav1}, {@code knative}, ...).
 */
public final class ConditionSchema {
  private final Optional<String> family;
  private final Map<String, FieldRule> fields;

  public ConditionSchema(Optional<String> family, Map<String, FieldRule> fields) {
    this.family = family;
    this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
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

  /** Whether a condition with this status must carry the field (false for a field the type lacks). */
  public boolean requires(String field, String status) {
    FieldRule rule = fields.get(field);
    return rule != null && rule.requiredFor(status);
  }

  /** This schema with some fields added or their rules replaced; the family stays. */
  public ConditionSchema with(Map<String, FieldRule> changes) {
    if (changes.isEmpty()) {
      return this;
    }
    Map<String, FieldRule> merged = new LinkedHashMap<>(fields);
    merged.putAll(changes);
    return new ConditionSchema(family, merged);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ConditionSchema other && family.equals(other.family) && fields.equals(other.fields);
  }

  @Override
  public int hashCode() {
    return 31 * family.hashCode() + fields.hashCode();
  }

  @Override
  public String toString() {
    return "ConditionSchema[" + family.orElse("-") + " " + fields + "]";
  }
}
