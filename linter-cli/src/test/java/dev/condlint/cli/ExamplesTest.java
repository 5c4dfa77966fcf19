package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The README's run command over the bundled examples: findings, no read errors, a clean example that is clean. */
class ExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void theExamplesShowFindingsAndTheCleanOneHasNone() throws Exception {
    CliRun.Result r = CliRun.withBuiltInRules(ROOT).run("lint", "--format", "json", "examples/");

    assertEquals(1, r.exit(), r.err());
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertEquals(0, report.path("errors").size(), report.path("errors").toString());
    List<String> files = new ArrayList<>();
    report.path("findings").forEach(f -> files.add(f.path("file").asText() + " " + f.path("rule").asText()));
    assertTrue(files.contains("examples/widget-mistakes.yaml duplicate-key"), files.toString());
    assertTrue(files.contains("examples/crds/widgets.example.com.yaml crd-status-subresource"), files.toString());
    assertEquals(
        List.of("examples/widget-schema.yaml sample-status-schema", "examples/widget-schema.yaml sample-status-schema"),
        files.stream().filter(f -> f.startsWith("examples/widget-schema.yaml ")).toList());
    assertTrue(files.stream().noneMatch(f -> f.startsWith("examples/widget-clean.yaml ")), files.toString());
  }

  /**
   * Every finding line (and its hint) and every status line that the docs quote from a run over the
   * examples is one that {@code lint} or {@code status} prints.
   */
  @ParameterizedTest
  @ValueSource(strings = {"docs/cli.md", "docs/crds.md"})
  void theDocsQuoteTheExamplesOutputAsItIs(String doc) throws IOException {
    String output = CliRun.withBuiltInRules(ROOT).run("lint", "examples/").out()
        + CliRun.withBuiltInRules(ROOT).run("status", "examples/").out();
    List<String> quoted = new ArrayList<>();
    String previous = "";
    for (String line : Files.readAllLines(ROOT.resolve(doc), StandardCharsets.UTF_8)) {
      if (line.startsWith("examples/") || (line.startsWith("    hint: ") && previous.startsWith("examples/"))) {
        quoted.add(line);
      }
      previous = line;
    }

    assertTrue(quoted.size() >= 4, doc + " quotes " + quoted);
    for (String line : quoted) {
      assertTrue(output.lines().anyMatch(line::equals), doc + " quotes a line the examples do not produce: " + line);
    }
  }
}
