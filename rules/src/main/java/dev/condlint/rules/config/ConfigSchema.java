package dev.condlint.rules.config;

import dev.condlint.rules.text.Suggestions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.condlint.model.Pointers;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

/**
 * The JSON Schema of {@code .condlint.yaml}, compiled once, and the translation of its validation
 * errors into problems that name the offending key and say what was expected.
 */
final class ConfigSchema {
  /** The schema's class-path location; {@code docs/condlint-config.schema.json} is a copy of it. */
  static final String RESOURCE = "condlint-config.schema.json";

  private ConfigSchema() {}

  /** Lazily compiled: loading the configuration is the first use, and most runs load it once. */
  private static final class Holder {
    static final JsonNode NODE = read();
    static final Schema SCHEMA =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(NODE);

    private static JsonNode read() {
      try (InputStream in = ConfigSchema.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("missing resource " + RESOURCE);
        }
        return new ObjectMapper().readTree(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The schema as a tree (tests compare it with the profiles and the published copy). */
  static JsonNode node() {
    return Holder.NODE;
  }

  static List<ConfigProblem> validate(JsonNode config) {
    List<ConfigProblem> problems = new ArrayList<>();
    for (Error e : Holder.SCHEMA.validate(config)) {
      problems.add(problem(e));
    }
    return problems;
  }

  private static ConfigProblem problem(Error e) {
    String at = e.getInstanceLocation().toString();
    boolean aboutAKey = e.getKeyword().equals("additionalProperties") || e.getKeyword().equals("propertyNames");
    String pointer = aboutAKey ? Pointers.append(at, e.getProperty()) : at;
    return new ConfigProblem(pointer, message(e, pointer));
  }

  private static String message(Error e, String pointer) {
    JsonNode value = e.getInstanceNode();
    JsonNode keywordOwner = schemaAt(e);
    String place = ConfigPaths.describe(pointer);
    return switch (e.getKeyword()) {
      case "additionalProperties" -> unknownKey(pointer, e.getProperty(), keywordOwner);
      case "propertyNames" -> invalidKey(e.getProperty(), keywordOwner.path("propertyNames"));
      case "enum" -> place + ": " + notOneOf(value, keywordOwner);
      case "type" ->
          place + " must be " + typeWord(expectedType(keywordOwner)) + ", not " + typeWord(typeOf(value))
              + quoted(value) + ".";
      case "minLength", "minItems" -> place + " must not be empty.";
      default -> place + ": " + e.getMessage() + ".";
    };
  }

  private static String unknownKey(String pointer, String key, JsonNode objectSchema) {
    List<String> known = names(objectSchema.path("properties"));
    String parent = Pointers.parent(pointer);
    String where = parent.isEmpty() ? "" : " in " + ConfigPaths.describe(parent);
    return "Unknown key '" + key + "'" + where + Suggestions.didYouMean(key, known)
        + " (known keys: " + String.join(", ", known) + ").";
  }

  private static String invalidKey(String key, JsonNode nameSchema) {
    return "'" + key + "' is not a valid " + nameSchema.path("title").asText("key") + ": expected "
        + nameSchema.path("description").asText("a key matching " + nameSchema.path("pattern").asText()) + ".";
  }

  private static String notOneOf(JsonNode value, JsonNode enumOwner) {
    List<String> allowed =
        StreamSupport.stream(enumOwner.path("enum").spliterator(), false)
            .filter(JsonNode::isTextual)
            .map(JsonNode::asText)
            .toList();
    String noun = enumOwner.path("title").asText("value");
    String shown = value.isTextual() ? "'" + value.asText() + "'" : value.toString();
    String hint = value.isTextual() ? Suggestions.didYouMean(value.asText(), allowed) : "";
    return shown + " is not a known " + noun + hint + " (expected one of: " + String.join(", ", allowed) + ").";
  }

  /**
   * The schema object that holds the failing keyword: the error's schema location names the keyword
   * itself ({@code #/$defs/profile/enum}), so its parent is the object with the title and siblings.
   */
  private static JsonNode schemaAt(Error e) {
    String location = e.getSchemaLocation().toString();
    String fragment = location.substring(location.indexOf('#') + 1);
    return Holder.NODE.at(Pointers.parent(fragment));
  }

  private static List<String> names(JsonNode object) {
    return object.propertyStream().map(Map.Entry::getKey).toList();
  }

  /** The schema's type, or the first of its types besides null (which only allows an empty section). */
  private static String expectedType(JsonNode schema) {
    JsonNode type = schema.path("type");
    if (!type.isArray()) {
      return type.asText();
    }
    return StreamSupport.stream(type.spliterator(), false)
        .map(JsonNode::asText)
        .filter(t -> !t.equals("null"))
        .findFirst()
        .orElse("null");
  }

  private static String typeOf(JsonNode value) {
    if (value.isObject()) {
      return "object";
    }
    if (value.isArray()) {
      return "array";
    }
    if (value.isTextual()) {
      return "string";
    }
    if (value.isBoolean()) {
      return "boolean";
    }
    return value.isNull() ? "null" : "number";
  }

  private static String typeWord(String jsonType) {
    return switch (jsonType) {
      case "object" -> "a mapping";
      case "array" -> "a list";
      case "string" -> "a string";
      case "boolean" -> "true or false";
      case "null" -> "empty";
      default -> "a number";
    };
  }

  private static String quoted(JsonNode value) {
    return value.isValueNode() && !value.isNull() ? " (" + value + ")" : "";
  }
}
