package dev.condlint.rules.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.GroupPattern;
import dev.condlint.rules.contract.ListPath;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.profile.Level;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collection;

/**
 * Builds the JSON Schema of {@code .condlint.yaml} from what the loader itself knows, so that the two
 * accept the same files: the prose and shape of every section come from a hand-written base (a
 * class-path resource), and every vocabulary from its source. Rule ids, profiles and condition
 * families come from the {@link Ruleset}, each rule's options from its options record
 * ({@link RuleOptions}); levels, polarities and the places of observedGeneration from their own lists;
 * Go durations, globs, API group patterns and list paths as the regular expressions their checks use.
 * The loader validates with this schema; {@code docs/condlint-config.schema.json} is its copy.
 */
final class ConfigSchemaBuilder {
  static final String BASE = "config-schema-base.json";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ConfigSchemaBuilder() {}

  static ObjectNode build(Ruleset ruleset) {
    ObjectNode schema = MAPPER.createObjectNode();
    schema.put("$comment", "Generated from condlint's rules and configuration loader (ConfigSchemaBuilder); edit"
        + " rules/src/main/resources/dev/condlint/rules/config/" + BASE + " or the rules, not this file.");
    schema.setAll(base());
    enumOf(at(schema, "/$defs/profile"), ruleset.profileNames());
    ArrayNode levels = enumOf(at(schema, "/$defs/level"), Arrays.stream(Level.values()).map(Level::label).toList());
    levels.add(false);
    at(schema, "/properties/groups/propertyNames").put("pattern", "^(\\*\\.)?" + GroupPattern.NAME + "$");
    rules(at(schema, "/properties/rules"), ruleset.registry());
    at(schema, "/properties/settings/properties/clockSkew").put("pattern", GoDuration.SETTING);
    at(schema, "/properties/exclude/items").put("pattern", PathGlobs.VALID);
    at(schema, "/$defs/contract/properties/group").put("pattern", GroupPattern.VALID);
    at(schema, "/$defs/contract/properties/lists").putObject("propertyNames")
        .put("title", "condition list path")
        .put("description", "a path under status such as status.conditions or status.listeners[].conditions")
        .put("pattern", ListPath.VALID);
    enumOf(at(schema, "/$defs/listContract/properties/family"), ruleset.catalogue().families().keySet());
    enumOf(at(schema, "/$defs/listContract/properties/observedGeneration"),
        Arrays.stream(GenerationTracking.values()).map(GenerationTracking::label).toList());
    enumOf(at(schema, "/$defs/polarity"), Arrays.stream(Polarity.values()).map(Polarity::label).toList());
    return schema;
  }

  /**
   * Every rule by its id, then by its catalogue code ({@code A09}, as docs/rules-summary.md lists it:
   * the same setting as its id), and nothing else; a rule that takes options with exactly its options.
   */
  private static void rules(ObjectNode rules, RuleRegistry registry) {
    ObjectNode byId = rules.putObject("properties");
    for (Rule rule : registry.rules()) {
      ObjectNode setting = byId.putObject(rule.id());
      setting.put("description", rule.info().title() + ".");
      if (!(rule instanceof Configurable<?> configurable)) {
        setting.put("$ref", "#/$defs/ruleSetting");
        continue;
      }
      setting.putObject("if").put("type", "object");
      ObjectNode then = setting.putObject("then").put("title", "rule setting").put("type", "object")
          .put("additionalProperties", false);
      ObjectNode properties = then.putObject("properties");
      properties.putObject("level").put("$ref", "#/$defs/level");
      ObjectNode options = properties.putObject("options").put("title", "options of " + rule.id())
          .put("type", "object").put("additionalProperties", false);
      options.set("properties", RuleOptions.schema(configurable.optionsType()));
      setting.putObject("else").put("$ref", "#/$defs/level");
    }
    for (Rule rule : registry.rules()) {
      if (!rule.info().code().isBlank()) {
        byId.putObject(rule.info().code())
            .put("description", "The catalogue code of " + rule.id() + ": " + rule.info().title() + ".")
            .put("$ref", "#/properties/rules/properties/" + rule.id());
      }
    }
    rules.put("additionalProperties", false);
  }

  private static ArrayNode enumOf(ObjectNode owner, Collection<String> values) {
    ArrayNode array = owner.putArray("enum");
    values.forEach(array::add);
    return array;
  }

  /** The base's object at this pointer, which must be there: a generated part needs its place. */
  private static ObjectNode at(ObjectNode schema, String pointer) {
    JsonNode node = schema.at(pointer);
    if (!node.isObject()) {
      throw new IllegalStateException(BASE + " has no object at " + pointer);
    }
    return (ObjectNode) node;
  }

  private static ObjectNode base() {
    try (InputStream in = ConfigSchemaBuilder.class.getResourceAsStream(BASE)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + BASE);
      }
      return (ObjectNode) MAPPER.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
