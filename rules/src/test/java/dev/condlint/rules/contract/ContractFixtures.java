package dev.condlint.rules.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.Document;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigFixtures;
import dev.condlint.rules.config.ConfigLoader;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.testing.YamlFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The contract tests' fixtures: real objects under {@code src/test/resources/contract} (attribution in
 * its SOURCES.md), configurations read from {@code .condlint.yaml} text, and the contract the engine
 * resolves for a list of the last object of a YAML text (CRDs in the text define its kind).
 */
final class ContractFixtures {
  static final Path ROOT = Path.of("src/test/resources/contract");

  private ContractFixtures() {}

  /** A fixture file's text, by its path under {@code src/test/resources/contract}. */
  static String text(String path) {
    try {
      return Files.readString(ROOT.resolve(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A {@code .condlint.yaml} text loaded as the CLI loads it; fails the test on a problem. */
  static Config loadConfig(String yaml) {
    ConfigLoader.Result result = ConfigLoader.load(ConfigFixtures.tree(yaml), Ruleset.builtIn());
    assertEquals(List.of(), result.problems());
    return result.config();
  }

  /** The contract of the list at {@code pointer} of the text's last object, by the default configuration. */
  static ListContract listContract(String yaml, String pointer) {
    return listContract(Config.DEFAULT, yaml, pointer);
  }

  /** The contract of the list at {@code pointer} of the text's last object, as an engine with {@code config} sees it. */
  static ListContract listContract(Config config, String yaml, String pointer) {
    return objectContract(config, yaml).list(pointer).orElseThrow(() -> new AssertionError("no list at " + pointer));
  }

  /** The contracts of the text's last object. */
  static ObjectContract objectContract(Config config, String yaml) {
    List<Document> documents = YamlFixtures.documents("fixture.yaml", yaml);
    Engine engine = new Engine(Ruleset.builtIn(), config)
        .withCrds(CrdCatalog.of(documents.stream().map(Document::object).toList()));
    return engine.contracts().of(documents.get(documents.size() - 1).object());
  }

  static ContractBasis fromConfig(String detail) {
    return new ContractBasis(ContractBasis.Source.CONFIG, detail);
  }

  static ContractBasis fromCrd(String detail) {
    return new ContractBasis(ContractBasis.Source.CRD, detail);
  }

  static ContractBasis fromCatalogue(String detail, String citation) {
    return new ContractBasis(ContractBasis.Source.CATALOGUE, detail, citation);
  }

  static ContractBasis inferredFrom(String detail) {
    return new ContractBasis(ContractBasis.Source.INFERRED, detail);
  }

  static ContractBasis inferredFrom(String detail, String citation) {
    return new ContractBasis(ContractBasis.Source.INFERRED, detail, citation);
  }
}
