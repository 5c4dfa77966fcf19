package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Turns a CRD's OpenAPI v3 (structural) schema into a JSON Schema 2020-12 that networknt validates with
 * the API server's meaning: {@code nullable} admits null, {@code x-kubernetes-int-or-string} admits an
 * integer or a string, OpenAPI 3.0's boolean {@code exclusiveMinimum} becomes 2020-12's number, and
 * {@code int32} becomes a range. Unknown fields are not errors here: {@link StructuralValidator} reports
 * them as pruned, as the API server prunes them.
 */
final class JsonSchemaTranslator {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final Set<String> COPIED =
      Set.of("required", "pattern", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems",
          "minProperties", "maxProperties", "multipleOf");

  private JsonSchemaTranslator() {}

  /** The whole object's schema; the root's metadata is ObjectMeta, which the API server checks itself. */
  static ObjectNode root(JsonNode openApi) {
    ObjectNode out = translate(openApi);
    if (out.path("properties").isObject()) {
      ((ObjectNode) out.get("properties")).remove("metadata");
    }
    return out;
  }

  static ObjectNode translate(JsonNode s) {
    ObjectNode out = F.objectNode();
    if (!s.isObject()) {
      return out;
    }
    boolean nullable = s.path("nullable").asBoolean(false);
    if (s.path("x-kubernetes-int-or-string").asBoolean(false)) {
      ArrayNode anyOf = out.putArray("anyOf");
      anyOf.addObject().put("type", "integer");
      anyOf.addObject().put("type", "string");
      if (nullable) {
        anyOf.addObject().put("type", "null");
      }
    } else if (s.path("type").isTextual()) {
      String type = s.get("type").asText();
      if (nullable) {
        out.putArray("type").add(type).add("null");
      } else {
        out.put("type", type);
      }
    }
    for (String keyword : COPIED) {
      if (s.has(keyword)) {
        out.set(keyword, s.get(keyword));
      }
    }
    if (s.path("enum").isArray()) {
      ArrayNode values = out.putArray("enum");
      values.addAll((ArrayNode) s.get("enum"));
      if (nullable) {
        values.addNull();
      }
    }
    bounds(s, out, "minimum", "exclusiveMinimum");
    bounds(s, out, "maximum", "exclusiveMaximum");
    String format = s.path("format").asText("");
    if (format.equals("date-time")) {
      out.put("format", "date-time");
    } else if (format.equals("int32")) {
      out.put("minimum", Integer.MIN_VALUE);
      out.put("maximum", Integer.MAX_VALUE);
    }
    if (s.path("properties").isObject()) {
      ObjectNode properties = out.putObject("properties");
      Iterator<Map.Entry<String, JsonNode>> fields = s.get("properties").fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> e = fields.next();
        properties.set(e.getKey(), translate(e.getValue()));
      }
    }
    if (s.path("items").isObject()) {
      out.set("items", translate(s.get("items")));
    }
    if (s.path("additionalProperties").isObject()) {
      out.set("additionalProperties", translate(s.get("additionalProperties")));
    }
    for (String combinator : new String[] {"allOf", "anyOf", "oneOf"}) {
      if (s.path(combinator).isArray() && !out.has(combinator)) {
        ArrayNode list = out.putArray(combinator);
        s.get(combinator).forEach(sub -> list.add(translate(sub)));
      }
    }
    if (s.path("not").isObject()) {
      out.set("not", translate(s.get("not")));
    }
    return out;
  }

  private static void bounds(JsonNode s, ObjectNode out, String bound, String exclusive) {
    if (!s.path(bound).isNumber()) {
      return;
    }
    if (s.path(exclusive).asBoolean(false)) {
      out.set(exclusive, s.get(bound));
    } else {
      out.set(bound, s.get(bound));
    }
  }
}
