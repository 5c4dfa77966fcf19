package dev.condlint.rules.kstatus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** A kstatus test case in a YAML file of two documents: the expectations, then the object. */
record KstatusFixture(JsonNode expected, JsonNode object) {

  /** The {@code .yaml} files under {@code root}, sorted; there must be {@code count} of them. */
  static List<Path> files(Path root, int count) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      List<Path> cases = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
      assertEquals(count, cases.size(), "cases under " + root);
      return cases;
    }
  }

  static KstatusFixture read(Path file) throws IOException {
    ParsedFile parsed = new YamlReader().read(file.toString(), Files.readString(file));
    assertTrue(parsed.problems().isEmpty(), parsed.problems().toString());
    List<ParsedDocument> docs = parsed.documents();
    assertEquals(2, docs.size(), "expectations, then the object");
    return new KstatusFixture(docs.get(0).root().path("expected"), docs.get(1).root());
  }
}
