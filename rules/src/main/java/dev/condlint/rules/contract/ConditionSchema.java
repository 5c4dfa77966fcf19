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
  private final FieldFormats formats;

  public ConditionSchema(Optional<String> family, Map<String, FieldRule> fields) {
    this(family, fields, FieldFormats.NONE);
  }

  public ConditionSchema(Optional<String> family, Map<String, FieldRule> fields, FieldFormats formats) {
    this.family = family;
    this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    this.formats = formats;
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
    return formats.patterned().contains(field);
  }

  /** Whether the schema holds the time field to RFC 3339 ({@code format: date-time}, a Go metav1.Time). */
  public boolean isDateTime(String field) {
    return formats.dateTimes().contains(field);
  }

  /** Whether the schema declares the time field a plain string that takes any text. */
  public boolean isPlainTime(String field) {
    return formats.plainTimes().contains(field);
  }

  /** What the schema says of its fields' values. */
  public FieldFormats formats() {
    return formats;
  }

  /** Whether a condition with this status must carry the field (false for a field the type lacks). */
  public boolean requires(String field, String status) {
    FieldRule rule = fields.get(field);
    return rule != null && rule.requiredFor(status);
  }

  /** This schema with some fields added or their rules replaced; the family and its formats stay. */
  public ConditionSchema with(Map<String, FieldRule> changes) {
    if (changes.isEmpty()) {
      return this;
    }
    Map<String, FieldRule> merged = new LinkedHashMap<>(fields);
    merged.putAll(changes);
    return new ConditionSchema(family, merged, formats);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ConditionSchema other && family.equals(other.family) && fields.equals(other.fields)
        && formats.equals(other.formats);
  }

  @Override
  public int hashCode() {
    return Objects.hash(family, fields, formats);
  }

  @Override
  public String toString() {
    return "ConditionSchema[" + family.orElse("-") + " " + fields
        + (formats.patterned().isEmpty() ? "" : " patterns " + formats.patterned()) + "]";
  }
}
