package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The validations a condition struct's generated CRD schema puts on its fields, as its Go markers
 * declare them ({@code +kubebuilder:validation:Pattern}, {@code MaxLength}, {@code MinLength},
 * {@code Minimum}, and a {@code format} other than {@code date-time}): metav1.Condition's type pattern
 * and maxLength 316, Cluster API v1beta1's lengths 1–256. Read from a family's {@code constraints} in
 * families.json. {@code format: date-time} is left out: every {@code metav1.Time} has it, so it tells
 * no condition struct from another, and the CRD rules hold every time field to it anyway.
 */
public record SchemaMarkers(Map<String, Map<String, JsonNode>> byField) {
  /** The schema keywords that markers set and the CRD rules compare. */
  public static final List<String> KEYWORDS = List.of("pattern", "minLength", "maxLength", "minimum", "format");

  public static final SchemaMarkers NONE = new SchemaMarkers(Map.of());

  public SchemaMarkers {
    Map<String, Map<String, JsonNode>> copy = new LinkedHashMap<>();
    byField.forEach((field, markers) -> copy.put(field, Collections.unmodifiableMap(new LinkedHashMap<>(markers))));
    byField = Collections.unmodifiableMap(copy);
  }

  /** The markers of a family's {@code constraints}: for each field, the keywords above it gives. */
  static SchemaMarkers of(JsonNode constraints) {
    Map<String, Map<String, JsonNode>> out = new LinkedHashMap<>();
    constraints.properties().forEach(e -> {
      Map<String, JsonNode> markers = new LinkedHashMap<>();
      for (String keyword : KEYWORDS) {
        JsonNode value = e.getValue().path(keyword);
        // null takes a family's pattern or format away (FieldConstraints): no marker of its own.
        if (!value.isMissingNode() && !value.isNull() && !(keyword.equals("format") && value.asText().equals("date-time"))) {
          markers.put(keyword, value);
        }
      }
      if (!markers.isEmpty()) {
        out.put(e.getKey(), markers);
      }
    });
    return new SchemaMarkers(out);
  }

  /** The markers of one field, keyword to value; empty where the struct puts none on it. */
  public Map<String, JsonNode> of(String field) {
    return byField.getOrDefault(field, Map.of());
  }

  public Set<String> fields() {
    return byField.keySet();
  }

  public boolean isEmpty() {
    return byField.isEmpty();
  }
}
