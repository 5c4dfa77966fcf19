package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The {@code constraints} an entry states for its condition type's fields, as a CRD's markers or a
 * family's {@code constraints} in families.json say them ({@code maxLength}, {@code minLength},
 * {@code pattern}, {@code format}, {@code type}, {@code enum}): the limits the format rules read, and
 * what they change in the condition schema: a {@code minLength} of 1 or more makes a field non-empty, a
 * {@code pattern} holds it to one, a time's {@code format: date-time} or plain {@code type: string}
 * says how it is written, and {@code status}'s {@code enum} names statuses besides True, False, Unknown.
 * {@code pattern: null} and {@code format: null} take away a pattern or a time format that the family
 * has and the kind's own schema lacks (a CRD whose reason has no pattern, whose time is no string).
 */
public record FieldConstraints(SchemaMarkers markers, Map<String, JsonNode> byField) {

  public FieldConstraints {
    byField = Map.copyOf(byField);
  }

  static FieldConstraints of(JsonNode constraints) {
    Map<String, JsonNode> byField = new LinkedHashMap<>();
    constraints.properties().forEach(e -> byField.put(e.getKey(), e.getValue()));
    return new FieldConstraints(SchemaMarkers.of(constraints), byField);
  }

  /** The schema with what these constraints say of its fields' values. */
  ConditionSchema applyTo(ConditionSchema schema) {
    Map<String, FieldRule> fields = new LinkedHashMap<>(schema.fields());
    FieldFormats f = schema.formats();
    Set<String> patterned = new LinkedHashSet<>(f.patterned());
    Set<String> dateTimes = new LinkedHashSet<>(f.dateTimes());
    Set<String> plainTimes = new LinkedHashSet<>(f.plainTimes());
    Set<String> otherStatuses = new LinkedHashSet<>(f.otherStatuses());
    byField.forEach((field, c) -> {
      if (c.path("minLength").asInt(0) > 0 && fields.containsKey(field)) {
        fields.put(field, fields.get(field).nonEmptyValue());
      }
      if (c.has("pattern") && c.get("pattern").isNull()) {
        patterned.remove(field);
      } else if (c.has("pattern")) {
        patterned.add(field);
      }
      if (c.path("format").asText("").equals("date-time")) {
        dateTimes.add(field);
        plainTimes.remove(field);
      } else if (c.has("format") && c.get("format").isNull()) {
        dateTimes.remove(field);
        plainTimes.remove(field);
      } else if (field.endsWith("Time") && c.path("type").asText("").equals("string") && !c.has("format")) {
        plainTimes.add(field);
        dateTimes.remove(field);
      }
      if (field.equals("status") && c.has("enum")) {
        otherStatuses.clear();
        c.get("enum").forEach(v -> otherStatuses.add(v.asText()));
        otherStatuses.removeAll(Set.of("True", "False", "Unknown"));
      }
    });
    return new ConditionSchema(schema.family(), fields,
        new FieldFormats(patterned, dateTimes, plainTimes, otherStatuses));
  }
}
