package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.Pointers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The object as the API server validates it, which is not quite the object as sent: before
 * validation it drops the nulls its schema does not allow (unless a default replaces them) and fills
 * in defaults (apiextensions-apiserver {@code PruneNonNullableNullsWithoutDefaults}, then
 * {@code Default}). So {@code owner: null} on a non-nullable field is dropped, not rejected, and a
 * required field with a default is never missing.
 */
final class ServedObject {
  private static final int MAX_DEPTH = 64;
  /**
   * A key of an assertion tree (kyverno-json, whose trees chainsaw's assert files are): a JMESPath
   * projection {@code (conditions[?type == 'Ready'])}, the iteration modifier {@code ~.conditions} or
   * {@code ~i.conditions}, an explicit binding {@code (a + b)->sum}. Such a key selects values of the
   * object; it is no field of it (kyverno/kyverno-json@d192c719 website/docs/policies/asserts.md,
   * "Iterating with Projection Modifiers", "Explicit bindings"). A key escaped with backslashes is
   * the literal field and is not matched here.
   */
  private static final Pattern ASSERTION_KEY = Pattern.compile("~\\w*\\..*|\\(.*\\)(->\\w+)?|[^\\\\].*->\\w+");

  private ServedObject() {}

  /**
   * A pruned and defaulted copy of {@code value}; each null dropped is added to {@code dropped}. The
   * keys of an assertion tree are left out of the copy, and the pointer of each mapping that held one
   * is added to {@code projected}: what such a mapping's fields are, condlint cannot tell (a
   * projection may stand for a required field), so it claims nothing about them.
   */
  static JsonNode of(JsonNode value, JsonNode openApi, List<SchemaViolation> dropped, Set<String> projected) {
    JsonNode served = value.deepCopy();
    pruneNulls(served, openApi, "", 0, dropped, projected);
    applyDefaults(served, openApi, 0);
    return served;
  }

  static boolean isAssertionKey(String key) {
    return !key.isEmpty() && (key.charAt(0) == '~' || key.charAt(0) == '(' || key.contains("->"))
        && ASSERTION_KEY.matcher(key).matches();
  }

  private static void pruneNulls(
      JsonNode value, JsonNode s, String pointer, int depth, List<SchemaViolation> out, Set<String> projected) {
    if (depth > MAX_DEPTH || s == null) {
      return;
    }
    if (value instanceof ObjectNode object) {
      for (String key : fieldNames(object)) {
        if (isAssertionKey(key)) {
          object.remove(key);
          projected.add(pointer);
          continue;
        }
        JsonNode child = object.get(key);
        JsonNode schema = fieldSchema(s, key);
        String at = Pointers.append(pointer, key);
        // Only fields the schema knows: an unknown one is pruned whatever its value (and reported so).
        if (child.isNull() && schema != null && !schema.path("nullable").asBoolean(false) && !schema.has("default")) {
          object.remove(key);
          out.add(new SchemaViolation(at, StructuralValidator.display(at) + " is null, which its schema does not"
              + " allow (not nullable), so the API server drops it", SchemaViolation.Kind.DROPPED_NULL));
        } else {
          pruneNulls(child, schema, at, depth + 1, out, projected);
        }
      }
    } else if (value instanceof ArrayNode array) {
      // A null item cannot be dropped from a list; validation rejects it.
      for (int i = 0; i < array.size(); i++) {
        pruneNulls(array.get(i), s.get("items"), Pointers.append(pointer, i), depth + 1, out, projected);
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
