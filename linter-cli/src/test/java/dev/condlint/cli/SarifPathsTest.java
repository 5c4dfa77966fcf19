package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.rules.catalogue.Ruleset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SARIF and GitHub annotations name files relative to the repository root (the git work tree that
 * holds the working directory, or {@code --sarif-root}), however they were typed, as GitHub code
 * scanning and annotations need; SARIF says so with {@code %SRCROOT%} and its
 * {@code originalUriBaseIds}. A file outside the root keeps its absolute name.
 */
class SarifPathsTest {

  @TempDir Path tmp;
  private Path repo;
  private Path work;

  /** {@code repo/} is a git work tree; the command runs in {@code repo/apps/}. */
  @BeforeEach
  void repository() throws IOException {
    repo = Files.createDirectories(tmp.resolve("repo"));
    Files.createDirectories(repo.resolve(".git"));
    work = repo.resolve("apps");
    Files.createDirectories(work.resolve("web"));
    Files.writeString(work.resolve("web/w.yaml"), CliRun.DUPLICATE_NAME);
    Files.writeString(tmp.resolve("outside.yaml"), CliRun.DUPLICATE_NAME);
  }

  private static final String[] TYPED = {"./web/w.yaml", "web/../web/w.yaml", null, "../../outside.yaml", "-"};

  private String[] args(String format, String... extra) {
    List<String> args = new ArrayList<>(List.of("lint", "--format", format));
    args.addAll(List.of(extra));
    for (String typed : TYPED) {
      args.add(typed != null ? typed : work.resolve("web/w.yaml").toString());
    }
    return args.toArray(String[]::new);
  }

  private CliRun.Result run(String format, String... extra) {
    return CliRun.in(work).stdin(CliRun.DUPLICATE_NAME).run(args(format, extra));
  }

  private String tmpUri() {
    return tmp.toUri().toString();
  }

  @Test
  void sarifUrisAreRelativeToTheGitWorkTreeWithABaseId() throws IOException {
    CliRun.Result r = run("sarif");
    JsonNode run = new ObjectMapper().readTree(r.out()).path("runs").get(0);

    assertEquals(List.of(), SarifSchema.violations(r.out()));
    assertEquals("{\"%SRCROOT%\":{\"uri\":\"" + tmpUri() + "repo/\"}}", run.path("originalUriBaseIds").toString());
    assertEquals(List.of(
            "{\"uri\":\"apps/web/w.yaml\",\"uriBaseId\":\"%SRCROOT%\"}",
            "{\"uri\":\"apps/web/w.yaml\",\"uriBaseId\":\"%SRCROOT%\"}",
            "{\"uri\":\"apps/web/w.yaml\",\"uriBaseId\":\"%SRCROOT%\"}",
            "{\"uri\":\"" + tmpUri() + "outside.yaml\"}",
            "{\"uri\":\"%3Cstdin%3E\"}"),
        artifactLocations(run));
  }

  @Test
  void sarifRootOverridesTheWorkTree() throws IOException {
    CliRun.Result r = run("sarif", "--sarif-root", "web");
    JsonNode run = new ObjectMapper().readTree(r.out()).path("runs").get(0);

    assertEquals(List.of(), SarifSchema.violations(r.out()));
    assertEquals("{\"%SRCROOT%\":{\"uri\":\"" + tmpUri() + "repo/apps/web/\"}}", run.path("originalUriBaseIds").toString());
    assertEquals("{\"uri\":\"w.yaml\",\"uriBaseId\":\"%SRCROOT%\"}", artifactLocations(run).get(0));
  }

  @Test
  void withoutAWorkTreeTheRootIsTheWorkingDirectory() throws IOException {
    Files.delete(repo.resolve(".git"));

    JsonNode run = new ObjectMapper().readTree(run("sarif").out()).path("runs").get(0);

    assertEquals("{\"%SRCROOT%\":{\"uri\":\"" + tmpUri() + "repo/apps/\"}}", run.path("originalUriBaseIds").toString());
    assertEquals("{\"uri\":\"web/w.yaml\",\"uriBaseId\":\"%SRCROOT%\"}", artifactLocations(run).get(0));
  }

  @Test
  void aGitFileMarksAWorkTreeToo() throws IOException {
    // A linked worktree or a submodule has a .git file, not a directory.
    Files.delete(repo.resolve(".git"));
    Files.writeString(repo.resolve(".git"), "gitdir: /elsewhere/.git/worktrees/repo\n");

    JsonNode run = new ObjectMapper().readTree(run("sarif").out()).path("runs").get(0);

    assertEquals("{\"uri\":\"apps/web/w.yaml\",\"uriBaseId\":\"%SRCROOT%\"}", artifactLocations(run).get(0));
  }

  @Test
  void githubAnnotationsNameFilesRelativeToTheSameRoot() {
    CliRun.Result r = run("github");

    assertEquals(String.join("", List.of(
            "apps/web/w.yaml:4:9\n",
            "apps/web/w.yaml:4:9\n",
            "apps/web/w.yaml:4:9\n",
            tmp.resolve("outside.yaml") + ":4:9\n",
            "<stdin>:4:9\n")),
        LintCommandTest.locations(r.out()));
  }

  @Test
  void aSarifRootThatIsNoDirectoryIsAUsageError() {
    CliRun.Result r = run("sarif", "--sarif-root", "missing");

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertTrue(r.err().startsWith("--sarif-root: 'missing' is not a directory\n"), r.err());
  }

  @Test
  void everyRuleHasAHelpPageAnchorInTheRuleReference() throws IOException {
    String reference = Files.readString(Path.of("../docs/rules.md"), StandardCharsets.UTF_8);
    JsonNode rules = new ObjectMapper()
        .readTree(CliRun.withBuiltInRules(work).run("lint", "--format", "sarif", "web/w.yaml").out())
        .path("runs").get(0).path("tool").path("driver").path("rules");

    assertEquals(Ruleset.builtIn().registry().rules().size(), rules.size());
    for (JsonNode rule : rules) {
      String id = rule.path("id").asText();
      assertEquals("https://github.com/condlint/condlint/blob/main/docs/rules.md#" + id, rule.path("helpUri").asText());
      assertTrue(reference.contains("<a id=\"" + id + "\"></a>"), id + " has no anchor in docs/rules.md");
    }
  }

  private static List<String> artifactLocations(JsonNode run) {
    List<String> locations = new ArrayList<>();
    run.path("results").forEach(result ->
        locations.add(result.path("locations").get(0).path("physicalLocation").path("artifactLocation").toString()));
    return locations;
  }
}
