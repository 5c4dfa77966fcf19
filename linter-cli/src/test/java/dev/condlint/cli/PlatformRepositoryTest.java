package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code condlint lint .} on a platform repository (issue 25, item 3): what a directory walk finds
 * that is no Kubernetes manifest (a Helm chart's templates, any file whose parse fails on a template
 * action, JSON with comments, YAML or JSON with no object) is skipped and counted in one line on
 * standard error, not an input error; a file named on the command line is still read strictly. With
 * {@code --helm}, charts are rendered by a {@code helm} on PATH: here a fake {@code helm} script that
 * prints what {@code helm template} prints, since no helm binary can be installed on this machine.
 */
class PlatformRepositoryTest {
  private static final String TEMPLATE = """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: {{ .Release.Name }}
        labels:
          {{- include "demo.labels" . | nindent 4 }}
      spec:
        replicas: {{ .Values.replicas }}
      """;

  private static final String TSCONFIG = """
      {
        // the compiler's options
        "compilerOptions": {"strict": true,},
      }
      """;

  @TempDir Path dir;

  private void platformRepository() throws IOException {
    Files.createDirectories(dir.resolve("chart/templates/tests"));
    Files.writeString(dir.resolve("chart/Chart.yaml"), "apiVersion: v2\nname: demo\nversion: 0.1.0\n");
    Files.writeString(dir.resolve("chart/values.yaml"), "replicas: 2\n");
    // A template that happens to parse is skipped too: templates/ of a chart holds no manifests.
    Files.writeString(dir.resolve("chart/templates/service.yaml"), "apiVersion: v1\nkind: Service\nmetadata: {name: s}\n");
    Files.writeString(dir.resolve("chart/templates/deployment.yaml"), TEMPLATE);
    Files.writeString(dir.resolve("chart/templates/tests/test-connection.yaml"), TEMPLATE);
    Files.createDirectories(dir.resolve("web"));
    Files.writeString(dir.resolve("web/tsconfig.json"), TSCONFIG);
    Files.writeString(dir.resolve("web/package.json"), "[\"no\", \"object\"]\n");
    // A template outside any chart (a kustomize-less overlay rendered by another tool).
    Files.createDirectories(dir.resolve("overlays"));
    Files.writeString(dir.resolve("overlays/deployment.yaml"), TEMPLATE);
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);
  }

  @Test
  void aWalkSkipsWhatIsNoManifestAndCountsItOnStandardError() throws IOException {
    platformRepository();

    CliRun.Result r = CliRun.in(dir).run("lint", "--fail-on", "never", ".");

    assertEquals("""
        w.yaml: profile k8s (1 object)
        w.yaml:4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        Checked 1 file (1 object): 1 error, 0 warnings, 0 infos.
        """, r.out());
    assertEquals("condlint: note: skipped 8 files that hold no Kubernetes manifest (4 Helm chart templates,"
        + " 1 JSON file with comments, 3 files with no Kubernetes object); name a file to lint it as it is\n", r.err());
    assertEquals(0, r.exit());
  }

  @Test
  void statusAndHealthSkipWhatLintSkipsAndCountItOnStandardError() throws IOException {
    // A Go template outside any chart (kubermatic's addons/*.yaml): lint skipped it, status and health
    // reported "mapping keys must be scalars" and exited 2.
    platformRepository();
    String note = "condlint: note: skipped 8 files that hold no Kubernetes manifest (4 Helm chart templates,"
        + " 1 JSON file with comments, 3 files with no Kubernetes object); name a file to read it as it is\n";

    CliRun.Result status = CliRun.in(dir).run("status", ".");
    assertEquals("w.yaml:1: Widget/b  Current  Resource is current\n", status.out());
    assertEquals(note, status.err());
    assertEquals(0, status.exit());

    CliRun.Result health = CliRun.in(dir).run("health", ".");
    assertEquals(note, health.err());
    assertEquals(0, health.exit());

    CliRun.Result explain = CliRun.in(dir).run("explain", ".");
    assertEquals(note.replace("to read it", "to explain it"), explain.err());
    assertEquals(List.of("w.yaml:1: Widget/b (example.com/v1)"),
        explain.out().lines().filter(l -> !l.startsWith(" ") && !l.isEmpty()).toList());
    assertEquals(0, explain.exit());
  }

  @Test
  void theNoteOfOneSkippedFileSaysHolds() throws IOException {
    Files.writeString(dir.resolve("values.yaml"), "replicas: 2\n");
    Files.writeString(dir.resolve("w.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "-q", ".");

    assertEquals("condlint: note: skipped 1 file that holds no Kubernetes manifest (1 file with no Kubernetes"
        + " object); name a file to lint it as it is\n", r.err());
    assertEquals(0, r.exit());
  }

  @Test
  void aFileNamedOnTheCommandLineIsReadStrictly() throws IOException {
    platformRepository();

    CliRun.Result r = CliRun.in(dir).run("lint", "-q", "chart/templates/deployment.yaml", "web/tsconfig.json",
        "web/package.json");

    assertEquals("""
        chart/templates/deployment.yaml:4:10: error: mapping keys must be scalars
        web/tsconfig.json:2:3: error: invalid JSON: Unexpected character ('/' (code 47)): maybe a (non-standard) comment? (not recognized as one since Feature 'ALLOW_COMMENTS' not enabled for parser)
        """, r.out());
    assertEquals("", r.err());
    assertEquals(2, r.exit());
  }

  @Test
  void aManifestThatMentionsTemplateActionsAndIsBrokenElsewhereIsStillAnError() throws IOException {
    Files.createDirectories(dir.resolve("crds"));
    Files.writeString(dir.resolve("crds/widget.yaml"), """
        apiVersion: example.com/v1
        kind: Widget
        metadata:
          name: a
          annotations:
            description: "renders {{ .Name }} for you"
        spec:
          a: [1, 2
        """);

    CliRun.Result r = CliRun.in(dir).run("lint", "-q", ".");

    assertEquals(2, r.exit(), r.out() + r.err());
    assertEquals("crds/widget.yaml", r.out().substring(0, r.out().indexOf(':')));
    assertEquals("", r.err());
  }

  @Test
  void jsonThatHoldsAnObjectAndCommentsIsStillAnError() throws IOException {
    Files.writeString(dir.resolve("cm.json"), """
        {
          // kubectl cannot read this either
          "apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}
        }
        """);

    CliRun.Result r = CliRun.in(dir).run("lint", "-q", ".");

    assertEquals("cm.json:2:3: error: invalid JSON: Unexpected character ('/' (code 47)): maybe a (non-standard)"
        + " comment? (not recognized as one since Feature 'ALLOW_COMMENTS' not enabled for parser)\n", r.out());
    assertEquals(2, r.exit());
  }

  /** What {@code helm template chart} prints for the chart: a Deployment with a condition missing its reason. */
  private static final String RENDERED = """
      ---
      # Source: demo/templates/service.yaml
      apiVersion: v1
      kind: Service
      metadata:
        name: release-name-demo
      ---
      # Source: demo/templates/deployment.yaml
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: release-name-demo
        name: again
      spec:
        replicas: 2
      ---
      # Source: demo/templates/deployment.yaml
      kind: ConfigMap
      metadata:
        name: second
        name: twice
      apiVersion: v1
      """;

  private Path fakeHelm(String script) throws IOException {
    Path bin = Files.createDirectories(dir.resolve(".bin"));
    Path helm = bin.resolve("helm");
    Files.writeString(helm, script);
    Files.setPosixFilePermissions(helm, PosixFilePermissions.fromString("rwxr-xr-x"));
    return bin;
  }

  @Test
  void withHelmChartsAreRenderedAndFindingsPointIntoTheRenderedTemplate() throws IOException {
    platformRepository();
    Files.writeString(dir.resolve("rendered.txt"), RENDERED);
    // The fake checks it is asked to render the chart, as helm would be, and prints the rendering.
    Path bin = fakeHelm("#!/bin/sh\n"
        + "[ \"$1\" = template ] && [ \"$2\" = \"" + dir.resolve("chart") + "\" ] || { echo \"unexpected: $*\" >&2; exit 3; }\n"
        + "cat '" + dir.resolve("rendered.txt") + "'\n");

    CliRun.Result r = CliRun.in(dir).variables(Map.of("PATH", bin.toString())).run("lint", "-q", "--helm", ".");

    // Lines count in what `helm template chart --show-only templates/deployment.yaml` prints: its two
    // documents, each from its `---` and `# Source:` lines.
    assertEquals("""
        chart/templates/deployment.yaml (rendered):7:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 6); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        chart/templates/deployment.yaml (rendered):15:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 14); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        w.yaml:4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        """, r.out());
    // The chart's own Chart.yaml and values.yaml are still read, and hold no object; the template outside
    // a chart is still skipped.
    assertEquals("condlint: note: skipped 5 files that hold no Kubernetes manifest (1 Helm chart template,"
        + " 1 JSON file with comments, 3 files with no Kubernetes object); name a file to lint it as it is\n", r.err());
    assertEquals(1, r.exit());
  }

  @Test
  void aChartHelmCannotRenderIsAnInputErrorOnItsChartFile() throws IOException {
    platformRepository();
    Path bin = fakeHelm("#!/bin/sh\necho 'Error: found in Chart.yaml, but missing in charts/ directory: common' >&2\n"
        + "echo 'second line' >&2\nexit 1\n");

    CliRun.Result r = CliRun.in(dir).variables(Map.of("PATH", bin.toString())).run("lint", "-q", "--helm", "chart");

    assertEquals("chart/Chart.yaml: error: helm template failed (exit 1): Error: found in Chart.yaml, but missing in"
        + " charts/ directory: common\n", r.out());
    assertEquals(2, r.exit());
  }

  @Test
  void helmNotOnPathIsAUsageError() throws IOException {
    platformRepository();

    CliRun.Result r = CliRun.in(dir).variables(Map.of("PATH", dir.resolve("nowhere").toString()))
        .run("lint", "--helm", ".");

    assertEquals("", r.out());
    assertEquals(2, r.exit());
    assertEquals("--helm: no helm on PATH; install helm or lint without --helm",
        r.err().lines().findFirst().orElseThrow());
  }
}
