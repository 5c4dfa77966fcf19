package dev.condlint.rules.config;

import static dev.condlint.rules.config.ConfigFixtures.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.catalogue.BuiltInProfiles;
import dev.condlint.rules.profile.Level;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigSchemaTest {
  private static final Path PUBLISHED = Path.of("../docs/condlint-config.schema.json");

  @Test
  void thePublishedSchemaIsTheOneTheLoaderUses() throws IOException {
    String shipped;
    try (InputStream in = ConfigSchema.class.getResourceAsStream(ConfigSchema.RESOURCE)) {
      shipped = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertEquals(
        shipped,
        Files.readString(PUBLISHED, StandardCharsets.UTF_8),
        PUBLISHED + " must be a copy of rules/src/main/resources/dev/condlint/rules/config/"
            + ConfigSchema.RESOURCE);
  }

  @Test
  void theSchemaListsEveryProfile() {
    assertEquals(BuiltInProfiles.names(), texts(ConfigSchema.node().at("/$defs/profile/enum")));
  }

  @Test
  void theSchemaListsEveryLevel() {
    assertEquals(
        Arrays.stream(Level.values()).map(Level::label).toList(),
        texts(ConfigSchema.node().at("/$defs/level/enum")));
  }

  @Test
  void aKeyWithASlashIsNamedByItsEscapedPointer() {
    assertEquals(
        List.of(
            "3 /settings/monotonicTypes/example.com~1Done settings.monotonicTypes[\"example.com/Done\"]:"
                + " 'Yes' is not a known condition status (expected one of: True, False, Unknown)."),
        problems("settings:\n  monotonicTypes:\n    example.com/Done: \"Yes\"\n"));
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(e -> {
      if (e.isTextual()) {
        out.add(e.asText());
      }
    });
    return out;
  }
}
