package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The GitHub Action ({@code action.yml}): pinned actions, inputs passed to scripts only through the
 * environment, and its lint step, run here with bash against the CLI (a stand-in for the launcher,
 * which would build the jar), giving the SARIF file and the outputs the later steps read. Its three
 * ways to get condlint are run too: a released archive installed by build-tools/release/install from a
 * release laid out as GitHub serves it (file:// URLs), the image (through a stand-in for docker that
 * records its arguments), and the source checkout.
 */
class ActionTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @TempDir Path tmp;
  private String text;
  private Map<String, Object> action;

  @BeforeEach
  @SuppressWarnings("unchecked")
  void read() throws IOException {
    text = Files.readString(ROOT.resolve("action.yml"), StandardCharsets.UTF_8);
    action = (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(text);
  }

  @SuppressWarnings("unchecked")
  private List<Map<String, Object>> steps() {
    Map<String, Object> runs = (Map<String, Object>) action.get("runs");
    assertEquals("composite", runs.get("using"));
    return (List<Map<String, Object>>) runs.get("steps");
  }

  private Map<String, Object> step(String id) {
    return steps().stream().filter(s -> id.equals(s.get("id"))).findFirst().orElseThrow();
  }

  @Test
  void everyActionItUsesIsPinnedByCommitWithItsVersionBeside() {
    List<String> used = new ArrayList<>();
    Matcher m = Pattern.compile("uses: (\\S+)@([0-9a-f]{40}) # v\\d+\\.\\d+\\.\\d+\\n").matcher(text);
    while (m.find()) {
      used.add(m.group(1));
    }
    assertEquals(List.of("actions/cache", "actions/setup-java", "github/codeql-action/upload-sarif"), used);
    assertEquals(used.size(), steps().stream().filter(s -> s.containsKey("uses")).count());
  }

  @Test
  @SuppressWarnings("unchecked")
  void scriptsGetInputsFromTheEnvironmentAndEveryInputIsUsed() {
    for (Map<String, Object> step : steps()) {
      if (step.containsKey("run")) {
        assertTrue(!((String) step.get("run")).contains("${{"), step.get("name") + " pastes an expression into its script");
      }
    }
    Map<String, Object> inputs = (Map<String, Object>) action.get("inputs");
    Matcher m = Pattern.compile("\\$\\{\\{[^}]*inputs\\.([a-z-]+)").matcher(text);
    Set<String> referenced = new TreeSet<>();
    while (m.find()) {
      referenced.add(m.group(1));
    }
    assertEquals(new TreeSet<>(inputs.keySet()), referenced, "inputs declared and inputs used");
  }

  @Test
  void theLintStepWritesSarifAndItsOutputsAndPassesPathsAndArgsAsWords() throws Exception {
    Path workspace = workspace();

    Result r = runLintStep(workspace, "deploy/\nother.yaml", "--fail-on warning  --sarif-root .", "source");

    assertEquals("exit-code=1\nsarif-file=condlint.sarif\n", r.outputs());
    JsonNode run = new ObjectMapper().readTree(workspace.resolve("condlint.sarif").toFile()).path("runs").get(0);
    List<String> uris = new ArrayList<>();
    run.path("results").forEach(x ->
        uris.add(x.path("locations").get(0).path("physicalLocation").path("artifactLocation").path("uri").asText()));
    assertEquals(List.of("deploy/w.yaml", "other.yaml"), uris);
  }

  @Test
  void globsInPathsReachCondlintAsTheyAre() throws Exception {
    Path workspace = workspace();

    Result r = runLintStep(workspace, "*.yaml", "", "source");

    assertEquals("exit-code=2\nsarif-file=condlint.sarif\n", r.outputs());
    String sarif = Files.readString(workspace.resolve("condlint.sarif"));
    assertTrue(sarif.contains("\"text\" : \"no such file or directory\""), sarif);
  }

  @Test
  void withoutPathsTheWorkspaceIsLinted() throws Exception {
    Path workspace = workspace();

    Result r = runLintStep(workspace, "", "", "source");

    assertEquals("exit-code=1\nsarif-file=condlint.sarif\n", r.outputs());
  }

  @Test
  void byDefaultTheReleasedArchiveOfTheActionsVersionIsInstalledOnceAndRun() throws Exception {
    assertEquals("archive", defaultOf("install"));
    String version = defaultOf("version");
    Path workspace = workspace();

    Result first = runLintStep(workspace, "deploy/", "", "archive");
    Result second = runLintStep(workspace, "deploy/", "", "archive");

    assertEquals("exit-code=1\nsarif-file=condlint.sarif\n", first.outputs());
    assertEquals("exit-code=1\nsarif-file=condlint.sarif\nexit-code=1\nsarif-file=condlint.sarif\n", second.outputs());
    assertTrue(Files.isExecutable(tmp.resolve("tool-cache/condlint-" + version + "-" + platform() + "/bin/condlint")));
    assertEquals(1, Files.readAllLines(tmp.resolve("downloads.log")).size(), "the second run reuses the install");
  }

  @Test
  void theImageRunsAsTheRunnersUserOnTheWorkspace() throws Exception {
    Path workspace = workspace();

    Result r = runLintStep(workspace, "deploy/", "--fail-on warning", "image");

    assertEquals("exit-code=1\nsarif-file=condlint.sarif\n", r.outputs());
    String uid = new String(new ProcessBuilder("id", "-u").start().getInputStream().readAllBytes()).trim();
    String gid = new String(new ProcessBuilder("id", "-g").start().getInputStream().readAllBytes()).trim();
    assertEquals("run --rm -u " + uid + ":" + gid + " -v " + workspace.toRealPath() + ":/work -w /work ghcr.io/condlint/condlint:"
            + defaultOf("version") + " lint --format sarif --output condlint.sarif --fail-on warning -- deploy/",
        Files.readString(tmp.resolve("docker.log")).trim());
  }

  @SuppressWarnings("unchecked")
  private String defaultOf(String input) {
    return (String) ((Map<String, Object>) ((Map<String, Object>) action.get("inputs")).get(input)).get("default");
  }

  private static String platform() {
    String os = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).startsWith("mac") ? "darwin" : "linux";
    String arch = System.getProperty("os.arch");
    return os + "-" + (arch.equals("aarch64") || arch.equals("arm64") ? "arm64" : "amd64");
  }

  /**
   * A release as GitHub serves it, under file://: the archive of this platform (whose bin/condlint
   * runs the CLI under test and logs each install's first run) and SHA256SUMS.
   */
  private Path release(String version, Path launcher) throws Exception {
    String name = "condlint-" + version + "-" + platform();
    Path content = Files.createDirectories(tmp.resolve("archive-content/" + name + "/bin"));
    Files.copy(launcher, content.resolve("condlint"));
    Path dir = Files.createDirectories(tmp.resolve("releases/v" + version));
    run(tmp.resolve("archive-content"), "tar", "-czf", dir.resolve(name + ".tar.gz").toString(), name);
    run(ROOT, ROOT.resolve("build-tools/release/checksums").toString(), dir.toString());
    return tmp.resolve("releases");
  }

  private static void run(Path dir, String... command) throws Exception {
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out);
  }

  private Path workspace() throws IOException {
    Path workspace = Files.createDirectories(tmp.resolve("workspace"));
    Files.createDirectories(workspace.resolve(".git"));
    Files.createDirectories(workspace.resolve("deploy"));
    Files.writeString(workspace.resolve("deploy/w.yaml"), CliRun.DUPLICATE_NAME);
    Files.writeString(workspace.resolve("other.yaml"), CliRun.DUPLICATE_NAME);
    return workspace;
  }

  private record Result(String outputs, String log) {}

  /** The lint step's script under bash as the runner starts it ({@code -eo pipefail}), with the step's environment. */
  @SuppressWarnings("unchecked")
  private Result runLintStep(Path workspace, String paths, String args, String install) throws Exception {
    Path actionPath = Files.createDirectories(tmp.resolve("action"));
    Path launcher = tmp.resolve("launcher");
    if (!Files.exists(launcher)) {
      Files.writeString(launcher, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
          + "' -cp '" + System.getProperty("java.class.path") + "' " + Main.class.getName() + " \"$@\"\n");
      Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.copy(launcher, actionPath.resolve("condlint"));
      Files.createDirectories(actionPath.resolve("build-tools/release"));
      Files.copy(ROOT.resolve("build-tools/release/install"), actionPath.resolve("build-tools/release/install"));
    }
    // A stand-in for docker: logs its arguments and runs the CLI with those after the image's name.
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Files.writeString(bin.resolve("docker"), "#!/bin/sh\necho \"$@\" >>'" + tmp.resolve("docker.log") + "'\n"
        + "while [ \"$1\" != ghcr.io/condlint/condlint:" + defaultOf("version") + " ]; do shift; done\nshift\n"
        + "exec '" + launcher + "' \"$@\"\n");
    Files.setPosixFilePermissions(bin.resolve("docker"), PosixFilePermissions.fromString("rwxr-xr-x"));
    // A stand-in for curl that serves file:// URLs and logs the archives it fetched.
    Files.writeString(bin.resolve("curl"), "#!/bin/sh\nfor a; do url=$a; done\n"
        + "case $url in *.tar.gz) echo \"$url\" >>'" + tmp.resolve("downloads.log") + "' ;; esac\n"
        + "while [ \"$1\" != -o ]; do shift; done\ncp \"${url#file://}\" \"$2\"\n");
    Files.setPosixFilePermissions(bin.resolve("curl"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Path releases = Files.exists(tmp.resolve("releases")) ? tmp.resolve("releases") : release(defaultOf("version"), launcher);
    Path outputs = tmp.resolve("github-output");
    if (!Files.exists(outputs)) {
      Files.createFile(outputs);
    }
    Path script = Files.writeString(tmp.resolve("lint.sh"), (String) step("lint").get("run"));
    Map<String, Object> env = (Map<String, Object>) step("lint").get("env");
    assertEquals(Map.of(
        "CONDLINT_PATHS", "${{ inputs.paths }}",
        "CONDLINT_ARGS", "${{ inputs.args }}",
        "CONDLINT_SARIF", "${{ inputs.sarif-file }}",
        "CONDLINT_VERSION", "${{ inputs.version }}",
        "CONDLINT_INSTALL", "${{ inputs.install }}",
        "CONDLINT_DIR", "${{ steps.where.outputs.dir }}"), env);

    ProcessBuilder pb = new ProcessBuilder("bash", "--noprofile", "--norc", "-eo", "pipefail", script.toString())
        .directory(workspace.toFile())
        .redirectErrorStream(true);
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    pb.environment().put("GITHUB_ACTION_PATH", actionPath.toString());
    pb.environment().put("GITHUB_OUTPUT", outputs.toString());
    pb.environment().put("CONDLINT_PATHS", paths);
    pb.environment().put("CONDLINT_ARGS", args);
    pb.environment().put("CONDLINT_SARIF", "condlint.sarif");
    pb.environment().put("CONDLINT_VERSION", defaultOf("version"));
    pb.environment().put("CONDLINT_INSTALL", install);
    pb.environment().put("CONDLINT_DIR", tmp.resolve("tool-cache").toString());
    pb.environment().put("CONDLINT_RELEASES_URL", "file://" + releases);
    Process p = pb.start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), "the step itself succeeds, whatever condlint says: " + log);
    return new Result(Files.readString(outputs), log);
  }
}
