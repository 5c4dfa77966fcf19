package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Output for CI within the hosts' limits (issue 25, item 4): GitHub shows 10 annotations of each
 * level a step, so the github format writes at most that many, errors first, and a notice that
 * counts the rest, which the job summary lists; {@code --min-severity} hides what is below it in every
 * format, the exit status unchanged; SARIF results keep their fingerprints when lines move, rules
 * have names and help links into the repository's docs, and a run in git names its commit; a read
 * error is on standard error too when the report goes to a file.
 */
class CiOutputTest {
  private static final String OBJECT = "kind: Widget\nmetadata:\n  name: a\n  name: b\napiVersion: example.com/v1\n";
  private static final String SUPPRESSED =
      "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: c  # condlint:ignore duplicate-key\n";
  private static final String DUPLICATE_MESSAGE = "Key 'name' is written twice in this mapping (first at line %d);"
      + " only this later value is kept.%%0AHint: Remove one of the two 'name' entries.";
  private static final String UNUSED_MESSAGE = "The condlint:ignore comment suppresses duplicate-key, but"
      + " duplicate-key reports nothing here.%0AHint: Remove duplicate-key from the comment, or move the comment to"
      + " the line before the finding.";

  @TempDir Path dir;

  /** A read error, 12 duplicate-key errors and 11 unused suppressions (infos): more than GitHub shows. */
  private void manyFindings() throws IOException {
    Files.writeString(dir.resolve("a-broken.yaml"), "a: [1\n");
    Files.writeString(dir.resolve("b.yaml"), String.join("---\n", java.util.Collections.nCopies(12, OBJECT)));
    Files.writeString(dir.resolve("c.yaml"), String.join("---\n", java.util.Collections.nCopies(11, SUPPRESSED)));
  }

  private static String expectedAnnotations(String closing) {
    StringBuilder b = new StringBuilder("::error file=a-broken.yaml,line=2,col=1,title=condlint::while parsing a flow"
        + " sequence: expected ',' or ']', but got <stream end>\n");
    for (int i = 0; i < 9; i++) {
      b.append("::error file=b.yaml,line=").append(4 + 6 * i).append(",col=9,title=duplicate-key::")
          .append(String.format(DUPLICATE_MESSAGE, 3 + 6 * i)).append('\n');
    }
    for (int i = 0; i < 9; i++) {
      b.append("::notice file=c.yaml,line=").append(4 + 5 * i).append(",col=12,title=suppression-unused::")
          .append(UNUSED_MESSAGE).append('\n');
    }
    return b.append("::notice title=condlint::").append(closing).append('\n').toString();
  }

  @Test
  void githubWritesTenAnnotationsALevelErrorsFirstThenCountsTheRest() throws IOException {
    manyFindings();

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "github", "--sarif-root", ".", ".");

    // 10 errors (the read error among them), 9 notices and the closing notice: 13 + 11 - 19 = 5 left out.
    assertEquals(expectedAnnotations("5 more findings: run condlint with --format text, or set GITHUB_STEP_SUMMARY for"
        + " a job summary, to see them all"), r.out());
    assertEquals(2, r.exit());
  }

  @Test
  void withAStepSummaryEveryFindingIsInItsMarkdown() throws IOException {
    manyFindings();
    Path summary = dir.resolve("summary.md");
    Files.writeString(summary, "## an earlier step\n");

    CliRun.Result r = CliRun.in(dir).variables(Map.of("GITHUB_STEP_SUMMARY", summary.toString()))
        .run("lint", "--format", "github", "--sarif-root", ".", "a-broken.yaml", "b.yaml", "c.yaml");

    assertEquals(expectedAnnotations("5 more findings: see the job summary"), r.out());
    List<String> lines = Files.readAllLines(summary, StandardCharsets.UTF_8);
    List<String> expected = new ArrayList<>(List.of(
        "## an earlier step",
        "## condlint",
        "",
        "Checked 3 files (23 objects): 12 errors, 0 warnings, 11 infos. 1 input error.",
        "",
        "| Location | Severity | Rule | Message |",
        "|---|---|---|---|",
        "| `a-broken.yaml:2:1` | error | input | while parsing a flow sequence: expected ',' or ']', but got &lt;stream"
            + " end&gt; |"));
    for (int i = 0; i < 12; i++) {
      expected.add("| `b.yaml:" + (4 + 6 * i) + ":9` | error | [duplicate-key](https://github.com/condlint/condlint/blob/"
          + "main/docs/rules.md#duplicate-key) | Key 'name' is written twice in this mapping (first at line " + (3 + 6 * i)
          + "); only this later value is kept.<br>Hint: Remove one of the two 'name' entries. |");
    }
    for (int i = 0; i < 11; i++) {
      expected.add("| `c.yaml:" + (4 + 5 * i) + ":12` | info | [suppression-unused](https://github.com/condlint/condlint/"
          + "blob/main/docs/rules.md#suppression-unused) | The condlint:ignore comment suppresses duplicate-key, but"
          + " duplicate-key reports nothing here.<br>Hint: Remove duplicate-key from the comment, or move the comment to"
          + " the line before the finding. |");
    }
    assertEquals(expected, lines);
    assertEquals(2, r.exit());
  }

  @Test
  void aFewFindingsAreAllAnnotatedWithNoClosingNotice() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "github", "--sarif-root", ".", ".");

    assertEquals("::error file=w.yaml,line=4,col=9,title=duplicate-key::" + String.format(DUPLICATE_MESSAGE, 3) + "\n",
        r.out());
  }

  @Test
  void minSeverityHidesWhatIsBelowItInEveryFormatButTheExitStatusCountsIt() throws IOException {
    Files.writeString(dir.resolve("c.yaml"), SUPPRESSED);

    CliRun.Result text = CliRun.in(dir).run("lint", "--min-severity", "warning", "--fail-on", "info", ".");
    CliRun.Result json = CliRun.in(dir).run("lint", "--format", "json", "--min-severity", "warning", ".");
    CliRun.Result shown = CliRun.in(dir).run("lint", "-q", "--min-severity", "info", ".");

    assertEquals("Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n", text.out());
    assertEquals(1, text.exit());
    assertEquals(0, new ObjectMapper().readTree(json.out()).path("findings").size(), json.out());
    assertEquals(0, json.exit());
    assertEquals("c.yaml:4:12: info suppression-unused: The condlint:ignore comment suppresses duplicate-key, but"
        + " duplicate-key reports nothing here.\n    hint: Remove duplicate-key from the comment, or move the comment to"
        + " the line before the finding.\n", shown.out());
  }

  @Test
  void minSeverityTakesOnlyASeverity() throws IOException {
    CliRun.Result r = CliRun.in(dir).run("lint", "--min-severity", "never", ".");

    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("Invalid value for option '--min-severity': expected one of [ERROR, WARNING, INFO]"
        + " (case-insensitive) but was 'never'\n"), r.err());
  }

  private JsonNode sarif(String... extra) throws IOException {
    List<String> args = new ArrayList<>(List.of("lint", "--format", "sarif", "--sarif-root", "."));
    args.addAll(List.of(extra));
    args.add("w.yaml");
    return new ObjectMapper().readTree(CliRun.in(dir).run(args.toArray(String[]::new)).out()).path("runs").get(0);
  }

  @Test
  void sarifFingerprintsSurviveLineMovesAndTellObjectsApart() throws IOException {
    String two = CliRun.DUPLICATE_NAME + "---\n" + CliRun.DUPLICATE_NAME.replace("name: b", "name: c");
    Files.writeString(dir.resolve("w.yaml"), two);
    JsonNode before = sarif().path("results");
    Files.writeString(dir.resolve("w.yaml"), "# a comment\n# and another\n" + two);
    JsonNode after = sarif().path("results");

    assertEquals(2, before.size());
    for (int i = 0; i < 2; i++) {
      assertEquals(before.get(i).path("locations").get(0).path("physicalLocation").path("region").path("startLine")
          .asInt() + 2, after.get(i).path("locations").get(0).path("physicalLocation").path("region").path("startLine")
          .asInt());
      assertEquals(before.get(i).path("partialFingerprints"), after.get(i).path("partialFingerprints"));
      assertTrue(before.get(i).path("partialFingerprints").path("condlintFindingHash/v1").asText()
          .matches("[0-9a-f]{32}:1"), before.get(i).toString());
    }
    // Widget/b and Widget/c: the same rule and pointer, two objects.
    assertNotEquals(before.get(0).path("partialFingerprints"), before.get(1).path("partialFingerprints"));
  }

  @Test
  void sarifRulesHaveNamesAndHelpLinksThatCanBePointedElsewhere() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    JsonNode rule = sarif("--rules-doc", "https://git.example.com/fork/docs/rules.md").path("tool").path("driver")
        .path("rules").get(0);

    assertEquals("duplicate-key", rule.path("id").asText());
    assertEquals("DuplicateKey", rule.path("name").asText());
    assertEquals("https://git.example.com/fork/docs/rules.md#duplicate-key", rule.path("helpUri").asText());
  }

  private static String git(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@example.com",
        "-c", "commit.gpgsign=false"));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  @Test
  void sarifNamesTheCommitOfTheWorkTreeWithoutCredentials() throws Exception {
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);
    git(dir, "init", "-q", "-b", "main");
    git(dir, "remote", "add", "origin", "https://x-access-token:secret@github.com/acme/platform.git");
    git(dir, "add", "w.yaml");
    git(dir, "commit", "-q", "-m", "w");
    String head = git(dir, "rev-parse", "HEAD");

    CliRun.Result r = CliRun.in(dir).variables(Map.of("PATH", System.getenv("PATH")))
        .run("lint", "--format", "sarif", "w.yaml");
    JsonNode provenance = new ObjectMapper().readTree(r.out()).path("runs").get(0).path("versionControlProvenance");

    assertEquals(new ObjectMapper().readTree("[{\"repositoryUri\": \"https://github.com/acme/platform.git\","
        + " \"revisionId\": \"" + head + "\", \"branch\": \"main\", \"mappedTo\": {\"uriBaseId\": \"%SRCROOT%\"}}]"),
        provenance);
    assertFalse(r.out().contains("secret"));
    assertEquals(List.of(), SarifSchema.violations(r.out()));
  }

  @Test
  void outsideGitSarifHasNoProvenance() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    assertTrue(sarif().path("versionControlProvenance").isMissingNode());
  }

  @Test
  void aMissingInputWithOutputIsAlsoOnStandardError() throws IOException {
    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "sarif", "-o", "out.sarif", "missing.yaml");

    assertEquals("", r.out());
    assertEquals("missing.yaml: error: no such file or directory\n", r.err());
    assertEquals(2, r.exit());
    assertTrue(Files.readString(dir.resolve("out.sarif")).contains("no such file or directory"));
  }
}
