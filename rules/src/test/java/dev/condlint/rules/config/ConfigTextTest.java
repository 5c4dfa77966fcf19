package dev.condlint.rules.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Position;
import dev.condlint.model.SourceProblem;
import dev.condlint.rules.profile.Level;
import dev.condlint.yaml.YamlDocuments;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The configuration text both front ends load: what it yields, and where each problem is. */
class ConfigTextTest {

  private static ConfigText.Loaded load(String name, String text) {
    YamlDocuments.Loaded parsed = YamlDocuments.documents(name, text);
    return ConfigText.load(parsed.documents(), parsed.problems());
  }

  @Test
  void aValidFileGivesItsConfiguration() {
    ConfigText.Loaded loaded = load(".condlint.yaml", """
        profile: kstatus
        rules:
          duplicate-key: warning
        """);
    assertEquals(List.of(), loaded.problems());
    assertEquals(Optional.of("kstatus"), loaded.config().profile());
    assertEquals(Map.of("duplicate-key", Level.WARNING), loaded.config().ruleLevels());
  }

  @Test
  void anEmptyFileGivesTheDefaults() {
    ConfigText.Loaded loaded = load(".condlint.yaml", "# nothing set yet\n");
    assertEquals(new ConfigText.Loaded(Config.DEFAULT, List.of()), loaded);
  }

  @Test
  void configurationProblemsStandAtTheOffendingNode() {
    ConfigText.Loaded loaded = load("cfg.yaml", """
        profile: kstatus
        rules:
          - duplicate-key
        exclude: vendor
        """);
    assertEquals(Config.DEFAULT, loaded.config());
    assertEquals(List.of(
        "cfg.yaml:2:1: rules must be a mapping, not a list.",
        "cfg.yaml:4:10: exclude must be a list, not a string (\"vendor\")."),
        loaded.problems().stream().map(p -> p.describe("cfg.yaml")).toList());
  }

  @Test
  void yamlErrorsAndASecondDocumentAreProblems() {
    assertEquals(List.of(new SourceProblem(new Position(3, 1), "a configuration file holds one YAML document")),
        load("cfg.yaml", "profile: flux\n---\nprofile: k8s\n").problems());
    assertEquals(List.of("cfg.yaml:2:1: while parsing a flow sequence: expected ',' or ']', but got <stream end>"),
        load("cfg.yaml", "profile: [flux\n").problems().stream().map(p -> p.describe("cfg.yaml")).toList());
  }
}
