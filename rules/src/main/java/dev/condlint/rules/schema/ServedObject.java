package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.Pointers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The object as the API server validates it, which is not quite the object as sent: before
 * validation it drops the nulls its schema does not allow (unless a default replaces them) and fills
 * in defaults (apiextensions-apiserver {@code PruneNonNullableNullsWithoutDefaults}, then
 * {@code Default}). So {@code owner: null} on a non-nullable field is dropped, not rejected, and a
 * required field with a default is never missing.
 */
final class ServedObject {
  private static final int MAX_DEPTH = 64;

  private ServedObject() {}

  /** A pruned and defaulted copy of {@code value}; each null dropped is added to {@code dropped}. */
  static JsonNode of(JsonNode value, JsonNode openApi, List<SchemaViolation> dropped) {
    JsonNode served = value.deepCopy();
    pruneNulls(served, openApi, "", 0, dropped);
    applyDefaults(served, openApi, 0);
    return served;
  }

  private static void pruneNulls(JsonNode value, JsonNode s, String pointer, int depth, List<SchemaViolation> out) {
    if (depth > MAX_DEPTH || s == null) {
      return;
    }
    if (value instanceof ObjectNode object) {
      for (String key : fieldNames(object)) {
        JsonNode child = object.get(key);
        JsonNode schema = fieldSchema(s, key);
        String at = Pointers.append(pointer, key);
        // Only fields the schema knows: an unknown one is pruned whatever its value (and reported so).
        if (child.isNull() && schema != null && !schema.path("nullable").asBoolean(false) && !schema.has("default")) {
          object.remove(key);
          out.add(new SchemaViolation(at, StructuralValidator.display(at) + " is null, which its schema does not"
              + " allow (not nullable), so the API server drops it", SchemaViolation.Kind.DROPPED_NULL));
        } else {
          pruneNulls(child, schema, at, depth + 1, out);
        }
      }
    } else if (value instanceof ArrayNode array) {
      // A null item cannot be dropped from a list; validation rejects it.
      for (int i = 0; i < array.size(); i++) {
        pruneNulls(array.get(i), s.get("items"), Pointers.append(pointer, i), depth + 1, out);
      }
    }
  }

  private static void applyDefaults(JsonNode value, JsonNode s, int depth) {
    if (depth > MAX_DEPTH || s == null || !s.isObject()) {
      return;
    }
    if (value instanceof ObjectNode object) {
      for (Map.Entry<String, JsonNode> p : properties(s)) {
        JsonNode schema = p.getValue();
        JsonNode current = object.get(p.getKey());
        boolean unset = current == null || (current.isNull() && !schema.path("nullable").asBoolean(false));
        if (unset && schema.has("default")) {
          object.set(p.getKey(), schema.get("default").deepCopy());
        }
      }
      for (String key : fieldNames(object)) {
        applyDefaults(object.get(key), fieldSchema(s, key), depth + 1);
      }
    } else if (value instanceof ArrayNode array) {
      for (JsonNode item : array) {
        applyDefaults(item, s.get("items"), depth + 1);
      }
    }
  }

  /** The schema of a field: its property, else additionalProperties when that is a schema. */
  private static JsonNode fieldSchema(JsonNode s, String key) {
    JsonNode property = s.path("properties").get(key);
    if (property != null && property.isObject()) {
      return property;
    }
    JsonNode additional = s.get("additionalProperties");
    return additional != null && additional.isObject() ? additional : null;
  }

  private static List<Map.Entry<String, JsonNode>> properties(JsonNode s) {
    List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
    s.path("properties").fields().forEachRemaining(e -> {
      if (e.getValue().isObject()) {
        out.add(e);
      }
    });
    return out;
  }

  private static List<String> fieldNames(ObjectNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
