package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the condition lists a CRD version's status schema declares, at any depth: every array property
 * named {@code conditions} whose items declare a {@code type}, by its path ({@code status.conditions},
 * {@code status.listeners[].conditions}, {@code status.components.*.conditions} under a map).
 */
final class ConditionListSchemas {
  private static final int MAX_DEPTH = 16;

  private ConditionListSchemas() {}

  static Map<String, ConditionItemSchema> of(JsonNode openApiV3Schema) {
    Map<String, ConditionItemSchema> out = new LinkedHashMap<>();
    walk(openApiV3Schema.path("properties").path("status"), "status", 0, out);
    return Collections.unmodifiableMap(out);
  }

  private static void walk(JsonNode schema, String path, int depth, Map<String, ConditionItemSchema> out) {
    if (!schema.isObject() || depth > MAX_DEPTH) {
      return;
    }
    for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
      String child = path + "." + property.getKey();
      JsonNode items = property.getValue().path("items");
      if (property.getKey().equals("conditions") && items.path("properties").has("type")) {
        out.put(child, itemSchema(items));
      } else {
        walk(property.getValue(), child, depth + 1, out);
      }
    }
    if (schema.path("items").isObject()) {
      walk(schema.get("items"), path + "[]", depth + 1, out);
    }
    if (schema.path("additionalProperties").isObject()) {
      walk(schema.get("additionalProperties"), path + ".*", depth + 1, out);
    }
  }

  private static ConditionItemSchema itemSchema(JsonNode items) {
    List<String> fields = new ArrayList<>();
    items.path("properties").fieldNames().forEachRemaining(fields::add);
    Set<String> required = new LinkedHashSet<>();
    items.path("required").forEach(r -> required.add(r.asText()));
    Set<String> nonEmpty = new LinkedHashSet<>();
    Set<String> dateTimes = new LinkedHashSet<>();
    Set<String> plainTimes = new LinkedHashSet<>();
    items.path("properties").properties().forEach(p -> {
      JsonNode property = p.getValue();
      if (property.path("minLength").asInt(0) > 0) {
        nonEmpty.add(p.getKey());
      }
      if (p.getKey().endsWith("Time") && property.path("type").asText("").equals("string")) {
        (property.path("format").asText("").equals("date-time") ? dateTimes : plainTimes).add(p.getKey());
      }
    });
    return new ConditionItemSchema(fields, required, nonEmpty, dateTimes, plainTimes);
  }
}
