package dev.condlint.cli;

import static dev.condlint.rules.testing.CrdFixtures.conditionsStatus;
import static dev.condlint.rules.testing.CrdFixtures.crd;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CRD discovery: a sample linted alone (as pre-commit and CI lint changed files) is judged by its kind's
 * CRD where that CRD stands in the sample's project, as if it had been given with --crds; without
 * discovery (--no-crd-discovery, crdDiscovery: false, no project root, a CRD in a skipped directory) the
 * same sample gets what inference alone gives: here nothing, since a condition without a reason and
 * without observedGeneration is not evidence enough of metav1.Condition.
 */
class CrdDiscoveryTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Widget's conditions are metav1.Condition's: reason is required. */
  private static final String CRD = crd("Widget", "example.com", "v1",
      conditionsStatus("", "[type, status, lastTransitionTime, reason, message]",
          "type: {type: string}", "status: {type: string}", "observedGeneration: {type: integer}",
          "reason: {type: string}", "message: {type: string}",
          "lastTransitionTime: {type: string, format: date-time}"));

  /** The same kind, whose conditions require only type and status. */
  private static final String LOOSE_CRD = crd("Widget", "example.com", "v1",
      conditionsStatus("", "[type, status]",
          "type: {type: string}", "status: {type: string}", "observedGeneration: {type: integer}",
          "reason: {type: string}", "message: {type: string}",
          "lastTransitionTime: {type: string, format: date-time}"));

  /** A Widget whose one condition has no reason. */
  private static final String SAMPLE = """
      apiVersion: example.com/v1
      kind: Widget
      metadata:
        name: w
      status:
        conditions:
        - type: Ready
          status: "True"
          lastTransitionTime: "2024-01-01T00:00:00Z"
          message: The widget is ready.
      """;

  private static final String SAMPLE_FILE = "config/samples/widget.yaml";
  private static final String CRD_FILE = "config/crd/bases/example.com_widgets.yaml";

  /** The finding the discovered CRD gives SAMPLE, with its basis. */
  private static String reasonFinding(String crdFile) {
    return SAMPLE_FILE + " condition-reason-required error /status/conditions/0/reason 7:5"
        + " [crd: CRD widgets.example.com (example.com/v1) (discovered in " + crdFile + ":1)]";
  }

  @TempDir Path dir;

  private void write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private void project(String marker) throws IOException {
    if (marker.equals(".git")) {
      Files.createDirectories(dir.resolve(".git"));
    } else {
      write(marker, "nested: false\n");
    }
  }

  @Test
  void aSampleBesideItsCrdInConfigCrdBasesIsJudgedByIt() throws IOException {
    project(".git");
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    assertEquals(List.of(reasonFinding(CRD_FILE)), findings(SAMPLE_FILE));
    CliRun.Result text = CliRun.withBuiltInRules(dir).run("lint", SAMPLE_FILE);
    assertEquals(1, text.exit());
    assertEquals("", text.err());
  }

  @Test
  void withoutDiscoveryTheSameSampleGetsWhatInferenceGives() throws IOException {
    project(".git");
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    CliRun.Result off = CliRun.withBuiltInRules(dir).run("lint", "--no-crd-discovery", SAMPLE_FILE);
    assertEquals(new CliRun.Result(0, "Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n", ""), off);
    assertEquals(List.of(), findings("--no-crd-discovery", SAMPLE_FILE));
  }

  @Test
  void crdDiscoveryFalseInTheConfigurationTurnsItOff() throws IOException {
    write(".condlint.yaml", "crdDiscovery: false\n");
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    assertEquals(List.of(), findings(SAMPLE_FILE));
    write(".condlint.yaml", "crdDiscovery: true\n");
    assertEquals(List.of(reasonFinding(CRD_FILE)), findings(SAMPLE_FILE));
  }

  @ParameterizedTest
  @ValueSource(strings = {".git", ".condlint.yaml"})
  void theProjectRootIsTheNearestDirectoryWithConfigurationOrGit(String marker) throws IOException {
    project(marker);
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    assertEquals(List.of(reasonFinding(CRD_FILE)), findings(SAMPLE_FILE));
  }

  @Test
  void aWorktreesGitFileMarksTheRootToo() throws IOException {
    write(".git", "gitdir: /elsewhere/.git/worktrees/w\n");
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    assertEquals(List.of(reasonFinding(CRD_FILE)), findings(SAMPLE_FILE));
  }

  @Test
  void withNeitherConfigurationNorGitNothingIsWalked() throws IOException {
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    assertEquals(List.of(), findings(SAMPLE_FILE));
    CliRun.Result verbose = CliRun.withBuiltInRules(dir).run("lint", "--verbose", SAMPLE_FILE);
    assertEquals(new CliRun.Result(0, "Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n",
        "condlint: CRD discovery did not look in config/samples: no .condlint.yaml or .git at or above it below the home directory,"
            + " so it is in no project; name the CRDs with --crds\n"), verbose);
    CliRun.Result quiet = CliRun.withBuiltInRules(dir).run("lint", SAMPLE_FILE);
    assertEquals(new CliRun.Result(0, "Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n", ""), quiet);
  }

  @Test
  void theWalkNeverGoesAboveTheNearestConfiguration() throws IOException {
    project(".git");
    write("operator/.condlint.yaml", "nested: false\n");
    write(CRD_FILE, CRD);
    write("operator/" + SAMPLE_FILE, SAMPLE);

    assertEquals(List.of(), findings("operator/" + SAMPLE_FILE));
  }

  @ParameterizedTest
  @ValueSource(strings = {"node_modules", "vendor", "target", "build", "dist", ".hidden", ".git"})
  void aCrdInASkippedDirectoryIsNotDiscovered(String skipped) throws IOException {
    write(".condlint.yaml", "nested: false\n");
    write(skipped + "/crds/widgets.yaml", CRD);
    write(SAMPLE_FILE, SAMPLE);

    assertEquals(List.of(), findings(SAMPLE_FILE));
  }

  @Test
  void aSymbolicLinkToADirectoryIsNotFollowed() throws IOException {
    project(".git");
    Path outside = Files.createDirectories(dir.resolve("..").resolve(dir.getFileName() + "-crds"));
    try {
      Files.writeString(outside.resolve("widgets.yaml"), CRD);
      Files.createSymbolicLink(dir.resolve("linked"), outside);
      write(SAMPLE_FILE, SAMPLE);

      assertEquals(List.of(), findings(SAMPLE_FILE));
    } finally {
      Files.deleteIfExists(dir.resolve("linked"));
      Files.deleteIfExists(outside.resolve("widgets.yaml"));
      Files.deleteIfExists(outside);
    }
  }

  /** A malformed CRD file that names Widget's group and kind, so that the walk parses it. */
  private static final String BROKEN = "kind: CustomResourceDefinition\nspec: {group: example.com, names: {kind: Widget}, versions: [unclosed\n";

  @Test
  void aMalformedFileAmongTheWalkedOnesIsSkippedAndNamedOnlyWhenVerbose() throws IOException {
    project(".git");
    write("charts/widget/crds/broken.yaml", BROKEN);
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    CliRun.Result quiet = CliRun.withBuiltInRules(dir).run("lint", SAMPLE_FILE);
    assertEquals(1, quiet.exit());
    assertEquals("", quiet.err());
    assertEquals(List.of(reasonFinding(CRD_FILE)), findings(SAMPLE_FILE));

    CliRun.Result verbose = CliRun.withBuiltInRules(dir).run("lint", "--verbose", SAMPLE_FILE);
    assertEquals(1, verbose.exit());
    assertEquals("""
        condlint: CRD discovery in .: read 3 files (%d bytes), parsed 2 naming the kinds looked for, found 1 CRD version, skipped 1
        condlint: CRD discovery skipped charts/widget/crds/broken.yaml (cannot be parsed: %s)
        """.formatted(bytes("charts/widget/crds/broken.yaml", CRD_FILE, SAMPLE_FILE), brokenProblem()),
        verbose.err());
  }

  @Test
  void theWalkParsesNoFileThatDoesNotNameTheKindsGroup() throws IOException {
    project(".git");
    // Both would be parsed if the walk parsed every CRD: the broken one would be named as skipped.
    write("config/crd/bases/other.io_widgets.yaml", CRD.replace("example.com", "other.io"));
    write("config/crd/bases/broken.yaml", BROKEN.replace("example.com", "other.io"));
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    CliRun.Result verbose = CliRun.withBuiltInRules(dir).run("lint", "--verbose", SAMPLE_FILE);
    assertEquals(1, verbose.exit());
    assertEquals("condlint: CRD discovery in .: read 4 files (%d bytes), parsed 1 naming the kinds looked for,"
            .formatted(bytes("config/crd/bases/other.io_widgets.yaml", "config/crd/bases/broken.yaml", CRD_FILE, SAMPLE_FILE))
            + " found 1 CRD version, skipped 0\n",
        verbose.err());
    assertEquals(List.of(reasonFinding(CRD_FILE)), findings(SAMPLE_FILE));
  }

  @Test
  void aChangedCrdIsReadAgainByTheNextRun() throws IOException {
    project(".git");
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);
    assertEquals(List.of(reasonFinding(CRD_FILE)), findings(SAMPLE_FILE));

    write(CRD_FILE, LOOSE_CRD);
    assertEquals(List.of(), findings(SAMPLE_FILE));
    write(CRD_FILE, CRD);
    assertEquals(List.of(reasonFinding(CRD_FILE)), findings(SAMPLE_FILE));
  }

  @Test
  void aCrdInAVendoredChartArchiveIsDiscoveredWithItsEntryNamed() throws IOException {
    project(".git");
    java.util.Map<String, String> chart = new java.util.LinkedHashMap<>();
    chart.put("widget/Chart.yaml", "apiVersion: v2\nname: widget\nversion: 1.2.3\n");
    chart.put("widget/crds/broken.yaml", BROKEN);
    chart.put("widget/crds/widgets.yaml", CRD);
    dev.condlint.cli.input.ChartArchives.write(dir.resolve("deploy/charts/widget-1.2.3.tgz"), chart);
    write("deploy/Chart.yaml", "apiVersion: v2\nname: platform\nversion: 0.1.0\n"
        + "dependencies:\n- {name: widget, version: 1.2.3, repository: https://charts.example.com}\n");
    write(SAMPLE_FILE, SAMPLE);

    String archived = "deploy/charts/widget-1.2.3.tgz!widget/crds/widgets.yaml";
    assertEquals(List.of(reasonFinding(archived)), findings(SAMPLE_FILE));
    CliRun.Result verbose = CliRun.withBuiltInRules(dir).run("lint", "--verbose", SAMPLE_FILE);
    assertEquals(1, verbose.exit());
    assertEquals("""
        condlint: CRD discovery in .: read 3 files (%d bytes), parsed 2 naming the kinds looked for, found 1 CRD version, skipped 1
        condlint: CRD discovery skipped deploy/charts/widget-1.2.3.tgz!widget/crds/broken.yaml (cannot be parsed: %s)
        """.formatted(bytes("deploy/charts/widget-1.2.3.tgz", "deploy/Chart.yaml", SAMPLE_FILE), brokenProblem()),
        verbose.err());
  }

  @Test
  void aMalformedInputIsStillAnInputErrorExactlyAsWithoutDiscovery() throws IOException {
    project(".git");
    write("config/samples/broken.yaml", "kind: CustomResourceDefinition\nspec: [unclosed\n");
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    CliRun.Result on = CliRun.withBuiltInRules(dir).run("lint", "config/samples");
    CliRun.Result off = CliRun.withBuiltInRules(dir).run("lint", "--no-crd-discovery", "config/samples");
    assertEquals(2, on.exit());
    assertEquals(2, off.exit());
    List<String> errorLines = on.out().lines().filter(l -> l.startsWith("config/samples/broken.yaml")).toList();
    assertEquals(off.out().lines().filter(l -> l.startsWith("config/samples/broken.yaml")).toList(), errorLines);
    assertEquals(1, errorLines.size(), on.out());
  }

  @Test
  void aCrdAmongTheInputsOrInCrdsWinsOverADiscoveredOne() throws IOException {
    project(".git");
    write(CRD_FILE, CRD);
    write("other/widgets.yaml", LOOSE_CRD);
    write(SAMPLE_FILE, SAMPLE);

    assertEquals(List.of(), findings("--crds", "other", SAMPLE_FILE));
    assertEquals(List.of(), findings("other/widgets.yaml", SAMPLE_FILE).stream()
        .filter(f -> f.startsWith(SAMPLE_FILE)).toList());
  }

  @Test
  void ofTwoDiscoveredCrdsOfOneKindTheFirstInTheWalksOrderWins() throws IOException {
    project(".git");
    write("bundle/manifests/example.com_widgets.yaml", CRD);
    write("config/crd/bases/example.com_widgets.yaml", LOOSE_CRD);
    write(SAMPLE_FILE, SAMPLE);

    assertEquals(List.of(reasonFinding("bundle/manifests/example.com_widgets.yaml")), findings(SAMPLE_FILE));
    write("bundle/manifests/example.com_widgets.yaml", LOOSE_CRD);
    write("config/crd/bases/example.com_widgets.yaml", CRD);
    assertEquals(List.of(), findings(SAMPLE_FILE));
  }

  @Test
  void aKindTheConfigurationDeclaresStartsNoWalk() throws IOException {
    write(".condlint.yaml", """
        contracts:
          - group: example.com
            kinds: [Widget]
            conditions:
              types:
                Ready: normal-true
        """);
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    CliRun.Result verbose = CliRun.withBuiltInRules(dir).run("lint", "--verbose", SAMPLE_FILE);
    assertEquals("", verbose.err());
    assertEquals(List.of(), findings(SAMPLE_FILE));
  }

  @Test
  void explainNamesTheDiscoveredCrdAsTheBasis() throws IOException {
    project(".git");
    write(CRD_FILE, CRD);
    write(SAMPLE_FILE, SAMPLE);

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("explain", SAMPLE_FILE);
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of(
            "      basis: the CRD widgets.example.com (example.com/v1); source: discovered in " + CRD_FILE + ":1"),
        r.out().lines().filter(l -> l.contains("discovered in")).distinct().toList());
    CliRun.Result off = CliRun.withBuiltInRules(dir).run("explain", "--no-crd-discovery", SAMPLE_FILE);
    assertEquals(List.of(), off.out().lines().filter(l -> l.contains("discovered in")).toList());
  }

  @Test
  void explainOfAKindRunInsideTheProjectDiscoversItsCrd() throws IOException {
    project(".git");
    write(CRD_FILE, CRD);

    CliRun.Result on = CliRun.withBuiltInRules(dir).run("explain", "example.com/Widget");
    assertEquals(new CliRun.Result(0, """
        Widget.example.com, version v1
          status.conditions
            condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)
              fields: type (required), status (required), observedGeneration (optional), reason (required), \
        message (required), lastTransitionTime (required)
              changed from metav1: reason
              basis: the CRD widgets.example.com (example.com/v1); source: discovered in %s:1
            types: none declared
            other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown
            summary: not declared: a Ready or Succeeded condition of each object
            observedGeneration: condition (each condition's observedGeneration)
              basis: the CRD widgets.example.com (example.com/v1); source: discovered in %s:1
        """.formatted(CRD_FILE, CRD_FILE), ""), on);
    CliRun.Result off = CliRun.withBuiltInRules(dir).run("explain", "--no-crd-discovery", "example.com/Widget");
    assertEquals(new CliRun.Result(0, """
        Widget.example.com, every version
          nothing is known of its conditions: condlint infers the contract from each object
          (`condlint explain FILE` shows what it infers; docs/contracts.md says how to declare it)
        """, ""), off);
  }

  private long bytes(String... files) throws IOException {
    long total = 0;
    for (String f : files) {
      total += Files.size(dir.resolve(f));
    }
    return total;
  }

  /** What the YAML reader says of broken.yaml, as the walk reports it. */
  private String brokenProblem() {
    var problem = dev.condlint.yaml.YamlDocuments.load("broken.yaml", BROKEN)
        .problems().get(0);
    return problem.at().line() + ":" + problem.at().column() + ": " + problem.message();
  }

  /** The findings of a lint: file, rule, severity, pointer, line:column and [basis]. */
  private List<String> findings(String... args) {
    List<String> all = new ArrayList<>(List.of("lint", "--format", "json"));
    all.addAll(List.of(args));
    CliRun.Result r = CliRun.withBuiltInRules(dir).run(all.toArray(String[]::new));
    try {
      List<String> out = new ArrayList<>();
      for (JsonNode f : JSON.readTree(r.out()).path("findings")) {
        JsonNode c = f.path("contract");
        out.add(f.path("file").asText() + " " + f.path("rule").asText() + " " + f.path("severity").asText() + " "
            + f.path("pointer").asText() + " " + f.path("line").asInt() + ":" + f.path("column").asInt()
            + (c.isMissingNode() ? "" : " [" + c.path("source").asText() + ": " + c.path("detail").asText()
                + (c.has("citation") ? " (" + c.path("citation").asText() + ")" : "") + "]"));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(r.out() + r.err(), e);
    }
  }
}
