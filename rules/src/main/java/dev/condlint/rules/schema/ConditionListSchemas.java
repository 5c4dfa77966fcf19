package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Finds the condition lists an object schema's status declares, at any depth: every array property
 * named {@code conditions} whose items declare a {@code type}, by its path ({@code status.conditions},
 * {@code status.listeners[].conditions}, {@code status.components.*.conditions} under a map). The same
 * reading serves a CRD's {@code openAPIV3Schema}, a catalogue's JSON Schema of a kind, and a distilled
 * index (whose lists keep only what {@link #list} reads).
 */
public final class ConditionListSchemas {
  private static final int MAX_DEPTH = 16;

  private ConditionListSchemas() {}

  /** The condition lists of an object schema, each read with {@link #list}. */
  public static Map<String, ConditionListSchema> of(JsonNode objectSchema) {
    Map<String, ConditionListSchema> out = new LinkedHashMap<>();
    arrays(objectSchema).forEach((path, array) -> out.put(path, list(array)));
    return Collections.unmodifiableMap(out);
  }

  /** The array schema of each condition list of an object schema, by path, as the schema has it. */
  public static Map<String, JsonNode> arrays(JsonNode objectSchema) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    walk(objectSchema.path("properties").path("status"), "status", 0, out);
    return out;
  }

  /**
   * What an array schema of conditions says: its items' properties and required ones, its list keys and
   * the conditions of its default.
   */
  public static ConditionListSchema list(JsonNode array) {
    JsonNode items = array.path("items");
    Map<String, FieldSchema> properties = new LinkedHashMap<>();
    items.path("properties").properties().forEach(p -> properties.put(p.getKey(), FieldSchema.of(p.getValue())));
    Set<String> required = new LinkedHashSet<>();
    items.path("required").forEach(r -> required.add(r.asText()));
    List<String> mapKeys = new ArrayList<>();
    array.path("x-kubernetes-list-map-keys").forEach(k -> mapKeys.add(k.asText()));
    JsonNode listType = array.path("x-kubernetes-list-type");
    JsonNode maxItems = array.path("maxItems");
    List<JsonNode> defaults = new ArrayList<>();
    array.path("default").forEach(d -> defaults.add(d.deepCopy()));
    return new ConditionListSchema(new ConditionItemSchema(properties, required),
        listType.isTextual() ? Optional.of(listType.asText()) : Optional.empty(), mapKeys,
        maxItems.canConvertToInt() ? OptionalInt.of(maxItems.asInt()) : OptionalInt.empty(), defaults);
  }

  private static void walk(JsonNode schema, String path, int depth, Map<String, JsonNode> out) {
    if (!schema.isObject() || depth > MAX_DEPTH) {
      return;
    }
    for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
      String child = path + "." + property.getKey();
      JsonNode items = property.getValue().path("items");
      if (property.getKey().equals("conditions") && items.path("properties").has("type")) {
        out.put(child, property.getValue());
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
}
