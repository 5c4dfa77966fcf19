package dev.condlint.rules.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Position;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.util.List;

/** Reads a {@code .condlint.yaml} text the way the CLI does, and positions the loader's problems in it. */
public final class ConfigFixtures {
  private static final YamlReader READER = new YamlReader();

  private ConfigFixtures() {}

  public static ParsedDocument parse(String yaml) {
    ParsedFile file = READER.read(".condlint.yaml", yaml);
    if (!file.problems().isEmpty() || file.documents().size() != 1) {
      throw new AssertionError("not one YAML document: " + file.problems());
    }
    return file.documents().get(0);
  }

  public static JsonNode tree(String yaml) {
    return parse(yaml).root();
  }

  /**
   * Each problem as {@code LINE POINTER MESSAGE}, positioned as a front end would. Only the line: the
   * column of a collection (its key or its first item) is the YAML reader's choice, not the loader's.
   */
  public static List<String> problems(String yaml) {
    return problems(yaml, Ruleset.builtIn());
  }

  /** The same, for a configuration of these rules. */
  public static List<String> problems(String yaml, Ruleset ruleset) {
    ParsedDocument doc = parse(yaml);
    ConfigLoader.Result result = ConfigLoader.load(doc.root(), ruleset);
    return result.problems().stream()
        .map(p -> at(doc, p.pointer()) + " " + (p.pointer().isEmpty() ? "/" : p.pointer()) + " " + p.message())
        .toList();
  }

  private static String at(ParsedDocument doc, String pointer) {
    Position p =
        doc.position(pointer).orElseThrow(() -> new AssertionError("no node at " + pointer));
    return String.valueOf(p.line());
  }
}
