package dev.condlint.rules.schema;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads condlint's bundled JSON files (the contract catalogue, the CRD index) into trees with
 * jackson-core's streaming parser. Every run reads the catalogue, and an ObjectMapper would cost a small
 * run a noticeable part of its start-up.
 */
public final class JsonTree {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTree() {}

  public static JsonNode read(InputStream in) throws IOException {
    try (JsonParser parser = new JsonFactory().createParser(in)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new IOException("empty JSON file");
      }
      return value(parser, first);
    }
  }

  private static JsonNode value(JsonParser p, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT: {
        ObjectNode object = NODES.objectNode();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
          String name = p.currentName();
          object.set(name, value(p, p.nextToken()));
        }
        return object;
      }
      case START_ARRAY: {
        ArrayNode array = NODES.arrayNode();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
          array.add(value(p, t));
        }
        return array;
      }
      case VALUE_STRING:
        return NODES.textNode(p.getText());
      case VALUE_NUMBER_INT:
        return NODES.numberNode(p.getLongValue());
      case VALUE_NUMBER_FLOAT:
        return NODES.numberNode(p.getDecimalValue());
      case VALUE_TRUE:
        return NODES.booleanNode(true);
      case VALUE_FALSE:
        return NODES.booleanNode(false);
      case VALUE_NULL:
        return NODES.nullNode();
      default:
        throw new IOException("unexpected JSON token " + token);
    }
  }
}
