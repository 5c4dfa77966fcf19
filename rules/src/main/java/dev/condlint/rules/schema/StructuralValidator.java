package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import dev.condlint.model.Pointers;
import dev.condlint.rules.schema.SchemaViolation.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates objects against one CRD version's schema the way the API server does: the value checks
 * through networknt (compiled once, here), plus what JSON Schema cannot say: unknown fields that
 * pruning drops, and the uniqueness of {@code x-kubernetes-list-type} map keys and set values.
 * Thread-safe.
 */
public final class StructuralValidator {
  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          b -> b.schemaRegistryConfig(
              SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).formatAssertionsEnabled(true).build()));
  private static final int MAX_DEPTH = 64;

  private final JsonNode openApi;
  private final Schema schema;

  /** Compiles a validator for a whole object from a version's {@code openAPIV3Schema}. */
  public static StructuralValidator forObject(JsonNode openApiV3Schema) {
    return new StructuralValidator(openApiV3Schema, JsonSchemaTranslator.root(openApiV3Schema));
  }

  /** Compiles a validator for a value of some inner schema (a default, say). */
  public static StructuralValidator forValue(JsonNode openApiSchema) {
    return new StructuralValidator(openApiSchema, JsonSchemaTranslator.translate(openApiSchema));
  }

  private StructuralValidator(JsonNode openApi, JsonNode jsonSchema) {
    this.openApi = openApi;
    this.schema = REGISTRY.getSchema(jsonSchema);
  }

  /**
   * Every violation, in the order of the checks: values first, then list keys and unknown fields,
   * then the nulls the API server drops. Values are checked as the API server sees them: with those
   * nulls dropped and defaults filled in ({@link ServedObject}).
   */
  public List<SchemaViolation> validate(JsonNode value) {
    List<SchemaViolation> out = new ArrayList<>();
    List<SchemaViolation> droppedNulls = new ArrayList<>();
    Set<String> projected = new HashSet<>();
    JsonNode served = ServedObject.of(value, openApi, droppedNulls, projected);
    for (Error e : schema.validate(served)) {
      String pointer = e.getInstanceLocation().toString();
      if (pointer.equals("/")) {
        pointer = "";
      }
      if ("required".equals(e.getKeyword()) && projected.contains(pointer)) {
        continue; // an assertion tree's projection may select the field this mapping seems to lack
      }
      if ("required".equals(e.getKeyword()) && e.getProperty() != null) {
        String where = pointer.isEmpty() ? "the object" : display(pointer);
        out.add(new SchemaViolation(Pointers.append(pointer, e.getProperty()),
            where + ": required field '" + e.getProperty() + "' is missing", Kind.REQUIRED_MISSING));
      } else {
        out.add(new SchemaViolation(pointer, describe(pointer, e), Kind.INVALID));
      }
    }
    walk(served, openApi, "", 0, true, out);
    out.addAll(droppedNulls);
    return out;
  }

  private static String describe(String pointer, Error e) {
    String message = e.getMessage();
    // networknt prefixes its message with the instance location; the finding carries it already.
    int colon = message.indexOf(": ");
    if (colon > 0 && message.substring(0, colon).startsWith("/")) {
      message = message.substring(colon + 2);
    }
    return (pointer.isEmpty() ? "the object" : display(pointer)) + ": " + message;
  }

  /** {@code /spec/items/0/name} as {@code spec.items[0].name}. */
  static String display(String pointer) {
    StringBuilder sb = new StringBuilder();
    for (String token : pointer.substring(1).split("/", -1)) {
      String t = token.replace("~1", "/").replace("~0", "~");
      if (t.chars().allMatch(Character::isDigit) && !t.isEmpty()) {
        sb.append('[').append(t).append(']');
      } else {
        sb.append(sb.length() == 0 ? "" : ".").append(t);
      }
    }
    return sb.toString();
  }

  private void walk(JsonNode value, JsonNode s, String pointer, int depth, boolean root, List<SchemaViolation> out) {
    if (depth > MAX_DEPTH || !s.isObject() || s.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
      return;
    }
    if (value.isObject()) {
      JsonNode properties = s.path("properties");
      JsonNode additional = s.path("additionalProperties");
      boolean embedded = s.path("x-kubernetes-embedded-resource").asBoolean(false);
      Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> e = fields.next();
        String key = e.getKey();
        String child = Pointers.append(pointer, key);
        if ((root || embedded) && (key.equals("apiVersion") || key.equals("kind") || key.equals("metadata"))) {
          continue;
        }
        if (properties.has(key)) {
          walk(e.getValue(), properties.get(key), child, depth + 1, false, out);
        } else if (additional.isObject()) {
          walk(e.getValue(), additional, child, depth + 1, false, out);
        } else if (!additional.asBoolean(false) && (properties.isObject() || s.path("type").asText("").equals("object"))) {
          out.add(new SchemaViolation(child, display(child) + " is not in the CRD's schema, so the API server prunes it",
              Kind.UNKNOWN_FIELD));
        }
      }
    } else if (value.isArray()) {
      checkListKeys(value, s, pointer, out);
      for (int i = 0; i < value.size(); i++) {
        walk(value.get(i), s.path("items"), Pointers.append(pointer, i), depth + 1, false, out);
      }
    }
  }

  private static void checkListKeys(JsonNode list, JsonNode s, String pointer, List<SchemaViolation> out) {
    String listType = s.path("x-kubernetes-list-type").asText("");
    if (!listType.equals("map") && !listType.equals("set")) {
      return;
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode item = list.get(i);
      String key;
      if (listType.equals("set")) {
        key = item.toString();
      } else {
        StringBuilder sb = new StringBuilder();
        for (JsonNode k : s.path("x-kubernetes-list-map-keys")) {
          sb.append(sb.length() == 0 ? "" : ", ").append(k.asText()).append('=').append(item.path(k.asText()));
        }
        key = sb.toString();
      }
      if (!seen.add(key)) {
        String child = Pointers.append(pointer, i);
        out.add(new SchemaViolation(child, display(child) + ": duplicate entry (" + key + ") in a list with"
            + " x-kubernetes-list-type: " + listType + "; the API server rejects it.", Kind.INVALID));
      }
    }
  }
}
