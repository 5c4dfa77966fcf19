package dev.condlint.rules.testing;

import dev.condlint.model.Document;
import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.SourceMap;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.util.List;

/** Turns YAML test fixtures into engine documents with their source maps. */
public final class YamlFixtures {
  private static final YamlReader READER = new YamlReader();

  private YamlFixtures() {}

  /** Every document of a YAML text; fails the test on a YAML problem. */
  public static List<Document> documents(String name, String yaml) {
    ParsedFile file = READER.read(name, yaml);
    if (!file.problems().isEmpty()) {
      throw new AssertionError(name + ": " + file.problems());
    }
    return file.documents().stream().map(YamlFixtures::document).toList();
  }

  /** The only document of a YAML text. */
  public static Document document(String yaml) {
    List<Document> docs = documents("fixture.yaml", yaml);
    if (docs.size() != 1) {
      throw new AssertionError("expected one document, got " + docs.size());
    }
    return docs.get(0);
  }

  static Document document(ParsedDocument parsed) {
    List<DuplicateKeySource> duplicates =
        parsed.duplicateKeys().stream()
                        .toList();
    SourceMap source =
        SourceMap.of(
            pointer -> parsed.position(pointer),
            pointer -> parsed.scalar(pointer),
            duplicates);
    return new Document(parsed.root(), source, List.of());
  }
}
