package dev.condlint.rules.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.profile.Level;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The annotated example of docs/configuration.md is a configuration the loader accepts. */
class ConfigurationDocTest {
  private static final Path DOC = Path.of("../docs/configuration.md");
  private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL);

  @Test
  void theAnnotatedExampleLoads() throws IOException {
    Matcher m = YAML_BLOCK.matcher(Files.readString(DOC, StandardCharsets.UTF_8));
    assertTrue(m.find(), DOC + " has no yaml example");

    ConfigLoader.Result result = ConfigLoader.load(ConfigFixtures.tree(m.group(1)), Ruleset.builtIn());

    assertEquals(List.of(), result.problems());
    assertEquals(Optional.of("kstatus"), result.config().profile());
    assertEquals(Level.OFF, result.config().ruleLevels().get("status-phase-field"));
    assertEquals(List.of("backup.example.com [Backup]"), result.config().contracts().stream()
        .map(c -> c.group() + " " + c.kinds()).toList());
  }
}
