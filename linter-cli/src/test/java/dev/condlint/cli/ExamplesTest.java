package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's run command over the bundled examples: findings, no read errors, a clean example that is clean. */
class ExamplesTest {

  @Test
  void theExamplesShowFindingsAndTheCleanOneHasNone() throws Exception {
    Path root = Path.of("..").toAbsolutePath().normalize();

    CliRun.Result r = CliRun.withBuiltInRules(root).run("lint", "--format", "json", "examples/");

    assertEquals(1, r.exit(), r.err());
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertEquals(0, report.path("errors").size(), report.path("errors").toString());
    List<String> files = new ArrayList<>();
    report.path("findings").forEach(f -> files.add(f.path("file").asText() + " " + f.path("rule").asText()));
    assertTrue(files.contains("examples/widget-mistakes.yaml duplicate-key"), files.toString());
    assertTrue(files.stream().noneMatch(f -> f.startsWith("examples/widget-clean.yaml ")), files.toString());
  }
}
