package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Turns a CRD's OpenAPI v3 (structural) schema into a JSON Schema 2020-12 that networknt validates with
 * the API server's meaning: {@code nullable} admits null, {@code x-kubernetes-int-or-string} admits an
 * integer or a string, OpenAPI 3.0's boolean {@code exclusiveMinimum} becomes 2020-12's number, and
 * an integer's format becomes a range (int64 for every integer). Unknown fields are not errors here:
 * {@link StructuralValidator} reports them as pruned, as the API server prunes them.
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
    integerRange(s, out);
    if (s.path("format").asText("").equals("date-time")) {
      out.put("format", "date-time");
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

  /**
   * Narrows an integer's minimum and maximum to what it can hold, keeping the schema's own bounds
   * where they are narrower. The API server decodes an integer beyond int64 as a float, which then
   * fails {@code type: integer}, so every integer is an int64 (whatever its format says). int32 is
   * what a typed client decodes, and API servers with kubernetes/kubernetes#136582 (apiextensions
   * formats.go keeps int32 and int64 for integers) range-check it too; older ones strip the format.
   */
  private static void integerRange(JsonNode s, ObjectNode out) {
    if (!s.path("type").asText("").equals("integer")) {
      return;
    }
    boolean int32 = s.path("format").asText("").equals("int32");
    narrow(out, "minimum", int32 ? Integer.MIN_VALUE : Long.MIN_VALUE, -1);
    narrow(out, "maximum", int32 ? Integer.MAX_VALUE : Long.MAX_VALUE, 1);
  }

  /** Sets the bound to the limit unless the schema's own bound is already within it. */
  private static void narrow(ObjectNode out, String keyword, long limit, int outside) {
    JsonNode own = out.get(keyword);
    if (own == null || own.decimalValue().compareTo(BigDecimal.valueOf(limit)) == outside) {
      out.put(keyword, limit);
    }
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
