package dev.condlint.rules.config;

import static dev.condlint.rules.config.ConfigFixtures.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.rules.catalogue.Ruleset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/condlint-config.schema.json} is the schema the loader validates with, generated from the
 * rules and the loader's vocabularies; {@code -Dcondlint.updateDocs=true} rewrites it.
 */
class ConfigSchemaTest {
  static final Path PUBLISHED = Path.of("../docs/condlint-config.schema.json");
  private static final boolean UPDATE = Boolean.getBoolean("condlint.updateDocs");

  /** The schema as published: two-space indent, one array item a line, {@code "key": value}. */
  static String text(JsonNode schema) throws IOException {
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
        .withObjectIndenter(new DefaultIndenter("  ", "\n"))
        .withArrayIndenter(new DefaultIndenter("  ", "\n"))
        .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));
    return new ObjectMapper().writer(printer).writeValueAsString(schema) + "\n";
  }

  @Test
  void thePublishedSchemaIsTheOneTheLoaderUses() throws IOException {
    String generated = text(ConfigSchema.of(Ruleset.builtIn()).node());
    if (UPDATE) {
      Files.writeString(PUBLISHED, generated, StandardCharsets.UTF_8);
    }
    assertEquals(generated, Files.readString(PUBLISHED, StandardCharsets.UTF_8), PUBLISHED + " is out of date; run"
        + " ./mvnw -pl rules -am test -Dtest=ConfigSchemaTest -Dsurefire.failIfNoSpecifiedTests=false"
        + " -Dcondlint.updateDocs=true");
  }

  @Test
  void everyRuleIsNamedAndARuleThatTakesOptionsHasExactlyItsOwn() {
    JsonNode rules = ConfigSchema.of(Ruleset.builtIn()).node().at("/properties/rules");
    List<String> ids = new ArrayList<>();
    rules.path("properties").fieldNames().forEachRemaining(ids::add);

    List<String> idsThenCodes = new ArrayList<>();
    Ruleset.builtIn().registry().rules().forEach(r -> idsThenCodes.add(r.id()));
    Ruleset.builtIn().registry().rules().stream().map(r -> r.info().code()).filter(c -> !c.isBlank())
        .forEach(idsThenCodes::add);
    assertEquals(idsThenCodes, ids);
    assertEquals("#/properties/rules/properties/status-phase-field", rules.at("/properties/"
        + Ruleset.builtIn().registry().find("status-phase-field").orElseThrow().info().code() + "/$ref").asText());
    assertEquals(false, rules.path("additionalProperties").asBoolean(true));
    JsonNode options = rules.at("/properties/pickup-deadline-exceeded/then/properties/options");
    assertEquals(false, options.path("additionalProperties").asBoolean(true));
    assertEquals(List.of("deadline"), names(options.path("properties")));
    assertEquals("#/$defs/ruleSetting", rules.at("/properties/duplicate-key/$ref").asText());
  }

  @Test
  void aKeyWithASlashIsNamedByItsEscapedPointer() {
    assertEquals(
        List.of(
            "3 /settings/monotonicTypes/example.com~1Done settings.monotonicTypes[\"example.com/Done\"]:"
                + " 'Yes' is not a known condition status (expected one of: True, False, Unknown)."),
        problems("settings:\n  monotonicTypes:\n    example.com/Done: \"Yes\"\n"));
  }

  private static List<String> names(JsonNode object) {
    List<String> out = new ArrayList<>();
    object.fieldNames().forEachRemaining(out::add);
    return out;
  }
}
