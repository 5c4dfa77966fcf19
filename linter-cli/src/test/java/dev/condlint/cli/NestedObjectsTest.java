package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code condlint lint --nested} (and {@code nested: true}): the objects nested in a test table
 * (nested/table.yaml), a JSON test case file (nested/cases.json) and an AdmissionReview
 * (nested/review.yaml) are linted at their own lines and columns, their findings' pointers from the
 * document's root; without it, the same files give what they gave before, exactly. {@code health},
 * {@code status} and {@code explain} take the same option (and the first and last the configuration's
 * {@code nested: true}), and judge each nested object at its own line.
 */
class NestedObjectsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private CliRun cli;

  @BeforeEach
  void copy() throws IOException {
    for (String f : List.of("table.yaml", "cases.json", "review.yaml")) {
      Files.copy(Golden.resource("nested/" + f), dir.resolve(f));
    }
    cli = CliRun.withBuiltInRules(dir);
  }

  @Test
  void theCasesOfATestTableAreLintedAtTheirOwnLinesWithPointersFromTheDocumentsRoot() {
    assertEquals(List.of(
            "table.yaml apps/v1/Deployment/web condition-field-yaml-type error"
                + " /cases/0/object/status/conditions/0/status 15:17",
            "table.yaml apps/v1/Deployment/web status-observed-generation-not-ahead error"
                + " /cases/0/expected/status/observedGeneration 25:27",
            "table.yaml apps/v1/Deployment/web condition-type-unique error"
                + " /cases/0/expected/status/conditions/1/type 31:15"),
        findings("--nested", "table.yaml"));
  }

  @Test
  void aJsonFilesCasesToo() {
    assertEquals(List.of("cases.json apps/v1/Deployment/api condition-status-value error"
            + " /tests/0/input/status/conditions/0/status 5:69"),
        findings("--nested", "cases.json"));
  }

  @Test
  void aDocumentThatIsAnObjectIsLintedAsBeforeAndTheObjectsInItToo() {
    assertEquals(List.of(
            "review.yaml apps/v1/Deployment/web condition-type-unique error"
                + " /request/object/status/conditions/1/type 18:15",
            "review.yaml apps/v1/Deployment/web conditions-list-shape error"
                + " /request/oldObject/status/conditions 26:7"),
        findings("--nested", "review.yaml"));
  }

  @Test
  void theTextReportCountsTheNestedObjects() {
    CliRun.Result r = cli.run("lint", "--nested", "table.yaml", "cases.json", "review.yaml");

    assertEquals("Checked 3 files (6 objects): 6 errors, 0 warnings, 0 infos.",
        r.out().lines().reduce((a, b) -> b).orElseThrow());
    assertEquals(1, r.exit());
  }

  @Test
  void withoutNestedTheSameFilesGiveWhatTheyGaveBefore() {
    CliRun.Result explicit = cli.run("lint", "table.yaml", "cases.json", "review.yaml");
    CliRun.Result walked = cli.run("lint", ".");

    assertEquals(new CliRun.Result(0, "Checked 3 files (1 object, 2 documents skipped): 0 errors, 0 warnings,"
        + " 0 infos.\n", ""), explicit);
    assertEquals(0, walked.exit());
    assertEquals("Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.",
        walked.out().lines().reduce((a, b) -> b).orElseThrow());
    assertEquals(List.of(), findings("review.yaml"));
  }

  @Test
  void aSuppressionCommentInANestedObjectSuppressesItsFinding() throws IOException {
    String table = Files.readString(dir.resolve("table.yaml"))
        .replace("        status: True\n", "        status: True  # condlint:ignore condition-field-yaml-type -- a case\n");
    Files.writeString(dir.resolve("table.yaml"), table);

    assertEquals(List.of(
            "table.yaml apps/v1/Deployment/web status-observed-generation-not-ahead error"
                + " /cases/0/expected/status/observedGeneration 25:27",
            "table.yaml apps/v1/Deployment/web condition-type-unique error"
                + " /cases/0/expected/status/conditions/1/type 31:15"),
        findings("--nested", "table.yaml"));
  }

  @Test
  void nestedTrueInTheConfigurationTurnsItOn() throws IOException {
    Files.writeString(dir.resolve(".condlint.yaml"), "nested: true\n");

    assertEquals(findings("--nested", "table.yaml"), findings("table.yaml"));
    assertEquals(3, findings("table.yaml").size());
  }

  @Test
  void healthJudgesTheNestedObjectsAtTheirOwnLines() {
    CliRun.Result r = cli.run("health", "--nested", "table.yaml");

    assertEquals(new CliRun.Result(0, String.join("\n",
        "table.yaml:5: Deployment/web  Unknown  cannot read .status.conditions[0].status: expected a string, got the"
            + " boolean true  (built-in: kstatus cannot compute the status: cannot read .status.conditions[0].status:"
            + " expected a string, got the boolean true; basis: kstatus, kstatus's rule for Deployment.apps)",
        "table.yaml:18: Deployment/web  Progressing  Generation 2 not yet observed: status.observedGeneration is 3"
            + "  (generation: Generation 2 not yet observed: status.observedGeneration is 3; basis: convention,"
            + " status.observedGeneration)",
        ""), ""), r);
  }

  @Test
  void healthWithoutNestedNotesTheTableHasNoObjectsAndNestedTrueInTheConfigurationTurnsItOn() throws IOException {
    assertEquals(new CliRun.Result(0, "", "table.yaml: no objects (1 document without apiVersion and kind skipped)\n"),
        cli.run("health", "table.yaml"));

    Files.writeString(dir.resolve(".condlint.yaml"), "nested: true\n");

    assertEquals(cli.run("health", "--nested", "table.yaml"), cli.run("health", "table.yaml"));
    assertEquals(2, cli.run("health", "table.yaml").out().lines().count());
  }

  @Test
  void statusReadsTheNestedObjectsToo() {
    assertEquals(new CliRun.Result(0, String.join("\n",
            "table.yaml:5: Deployment/web  Unknown  kstatus cannot compute a status: cannot read"
                + " .status.conditions[0].status: expected a string, got the boolean true",
            "table.yaml:18: Deployment/web  InProgress  Deployment generation is 2, but latest observed generation is 3",
            ""), ""),
        cli.run("status", "--nested", "table.yaml"));
    assertEquals(new CliRun.Result(0, "", ""), cli.run("status", "table.yaml"));
  }

  @Test
  void explainExplainsEachNestedObjectAtItsOwnLine() throws IOException {
    CliRun.Result r = cli.run("explain", "--nested", "table.yaml");

    assertEquals(0, r.exit());
    assertEquals("", r.err());
    assertEquals(List.of("table.yaml:5: Deployment/web (apps/v1)", "  status.conditions, line 13",
            "table.yaml:18: Deployment/web (apps/v1)", "  status.conditions, line 26"),
        r.out().lines().filter(l -> l.startsWith("table.yaml:") || l.startsWith("  status.conditions")).toList());

    Files.writeString(dir.resolve(".condlint.yaml"), "nested: true\n");
    assertEquals(r, cli.run("explain", "table.yaml"));
  }

  /** The findings of a lint: file, object, rule, severity, pointer, line:column. */
  private List<String> findings(String... args) {
    List<String> all = new ArrayList<>(List.of("lint", "--format", "json"));
    all.addAll(List.of(args));
    CliRun.Result r = cli.run(all.toArray(String[]::new));
    try {
      List<String> out = new ArrayList<>();
      for (JsonNode f : JSON.readTree(r.out()).path("findings")) {
        JsonNode o = f.path("object");
        out.add(f.path("file").asText() + " " + o.path("apiVersion").asText() + "/" + o.path("kind").asText() + "/"
            + o.path("name").asText() + " " + f.path("rule").asText() + " " + f.path("severity").asText() + " "
            + f.path("pointer").asText() + " " + f.path("line").asInt() + ":" + f.path("column").asInt());
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(r.out() + r.err(), e);
    }
  }
}
