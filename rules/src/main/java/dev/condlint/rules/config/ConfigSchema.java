package dev.condlint.rules.config;

import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.text.Suggestions;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.condlint.model.Pointers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.stream.StreamSupport;

/**
 * The JSON Schema of {@code .condlint.yaml} ({@link ConfigSchemaBuilder}), compiled once per
 * {@link Ruleset}, and the translation of its validation errors into problems that name the offending key
 * and say what was expected.
 */
final class ConfigSchema {
  /** A problem the schema found, and whether it lists every allowed value (an enum). */
  record Found(ConfigProblem problem, boolean listsValues) {}

  private final JsonNode node;
  private final Schema schema;

  private ConfigSchema(JsonNode node) {
    this.node = node;
    this.schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(node);
  }

  /**
   * Each ruleset's schema, compiled on first use (loading a configuration is its first use) and kept
   * while the ruleset is: a webhook's reloads and a test suite's many loads compile it once.
   */
  private static final Map<Ruleset, ConfigSchema> COMPILED = Collections.synchronizedMap(new WeakHashMap<>());

  /** The schema of a configuration for these rules, profiles and catalogue. */
  static ConfigSchema of(Ruleset ruleset) {
    return COMPILED.computeIfAbsent(ruleset, r -> new ConfigSchema(ConfigSchemaBuilder.build(r)));
  }

  /** The schema as a tree (tests compare it with the published copy). */
  JsonNode node() {
    return node;
  }

  List<Found> validate(JsonNode config) {
    List<Found> problems = new ArrayList<>();
    for (Error e : schema.validate(config)) {
      problems.add(new Found(problem(e), e.getKeyword().equals("enum")));
    }
    return problems;
  }

  private ConfigProblem problem(Error e) {
    String at = e.getInstanceLocation().toString();
    boolean aboutAKey = e.getKeyword().equals("additionalProperties") || e.getKeyword().equals("propertyNames");
    String pointer = aboutAKey ? Pointers.append(at, e.getProperty()) : at;
    return new ConfigProblem(pointer, message(e, pointer));
  }

  private String message(Error e, String pointer) {
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
    if (known.isEmpty()) {
      return "Unknown key '" + key + "'" + where + ", which takes no keys.";
    }
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
  private JsonNode schemaAt(Error e) {
    String location = e.getSchemaLocation().toString();
    String fragment = location.substring(location.indexOf('#') + 1);
    return node.at(Pointers.parent(fragment));
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
