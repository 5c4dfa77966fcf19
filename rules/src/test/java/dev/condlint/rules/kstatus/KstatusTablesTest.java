package dev.condlint.rules.kstatus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Runs kstatus's own test tables (transcribed under {@code src/test/resources/kstatus}) through Compute. */
class KstatusTablesTest {
  private static final Path ROOT = Path.of("src/test/resources/kstatus");

  /** Far from any fixture's creationTimestamp, so only cases that set {@code now} are inside a window. */
  private static final Instant DEFAULT_NOW = Instant.parse("2030-01-01T00:00:00Z");

  static Stream<Path> upstreamCases() throws IOException {
    try (Stream<Path> files = Files.walk(ROOT)) {
      List<Path> cases = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
      assertEquals(57, cases.size(), "53 cases of status_compute_test.go and 4 of core_test.go");
      return cases.stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("upstreamCases")
  void computesWhatUpstreamExpects(Path file) throws IOException {
    ParsedFile parsed = new YamlReader().read(file.toString(), Files.readString(file));
    assertTrue(parsed.problems().isEmpty(), parsed.problems().toString());
    List<ParsedDocument> docs = parsed.documents();
    assertEquals(2, docs.size(), "expectations, then the object");
    JsonNode expected = docs.get(0).root().path("expected");
    Instant now =
        Optional.ofNullable(expected.get("now")).map(n -> Instant.parse(n.asText())).orElse(DEFAULT_NOW);

    KstatusResult result = KstatusCompute.compute(docs.get(1).root(), now);

    assertEquals(expected.path("status").asText(), result.status().label());
    assertTrue(expected.path("message").isTextual(), file + " gives the expected message");
    assertEquals(expected.path("message").asText(), result.message());
    for (JsonNode want : expected.path("conditions")) {
      KstatusCondition got =
          result.conditions().stream()
              .filter(c -> c.type().equals(want.path("type").asText()))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no " + want.path("type").asText() + " condition in " + result));
      assertEquals(want.path("status").asText(), got.status());
      assertEquals(want.path("reason").asText(), got.reason());
    }
    for (JsonNode absent : expected.path("absent")) {
      assertFalse(
          result.conditions().stream().anyMatch(c -> c.type().equals(absent.asText())),
          absent.asText() + " must be absent from " + result);
    }
  }
}
