package dev.condlint.cli.lint;

import static dev.condlint.rules.testing.CrdFixtures.conditionsStatus;
import static dev.condlint.rules.testing.CrdFixtures.crd;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.cli.input.CrdDiscovery;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.SkippedFiles;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The walk of CRD discovery is lazy: counted through {@link CrdDiscovery#walkCount}, a lint of built-in
 * kinds, of kinds a CRD of the run defines or of files outside any project walks nothing, and a lint
 * of many objects of undeclared kinds in one project walks it once, on however many threads.
 */
class LinterDiscoveryTest {
  private static final String DEPLOYMENT = """
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web}
      status:
        conditions:
        - {type: Available, status: "True"}
      """;

  private static final String CRD = crd("Widget", "example.com", "v1",
      conditionsStatus("", "[type, status]", "type: {type: string}", "status: {type: string}"));

  @TempDir Path dir;

  @BeforeEach
  void project() throws IOException {
    Files.createDirectories(dir.resolve(".git"));
    write("crds/widgets.yaml", CRD);
  }

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    return Files.writeString(p, text);
  }

  private CrdDiscovery lint(List<Input> inputs, List<Input> crds) {
    Linter linter = new Linter(new Engine(Ruleset.builtIn(), Config.DEFAULT), new ByteArrayInputStream(new byte[0]),
        Optional.empty(), 2, new SkippedFiles(), false, CrdDiscovery.Settings.of(true, Map.of(), dir));
    linter.lint(inputs, crds);
    return linter.discovery().orElseThrow();
  }

  private Input file(String name, String text) throws IOException {
    return Input.file(name, write(name, text));
  }

  private static String widget(String name) {
    return "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: " + name + "}\n";
  }

  @Test
  void aOneFileLintOfABuiltInKindWalksNothing() throws IOException {
    CrdDiscovery discovery = lint(List.of(file("deploy.yaml", DEPLOYMENT)), List.of());

    assertEquals(0, discovery.walkCount());
    assertEquals(List.of(), discovery.walks());
  }

  @Test
  void aKindTheCatalogueDeclaresWalksNothing() throws IOException {
    CrdDiscovery discovery = lint(List.of(file("clusters/apps.yaml", """
        apiVersion: kustomize.toolkit.fluxcd.io/v1
        kind: Kustomization
        metadata: {name: apps, namespace: flux-system}
        status:
          conditions:
          - {type: Ready, status: "True", reason: ReconciliationSucceeded, message: Applied,
             lastTransitionTime: "2026-11-01T00:00:00Z"}
        """)), List.of());

    assertEquals(0, discovery.walkCount());
  }

  @Test
  void aKindOnlyTheBundledCrdIndexDeclaresIsLookedForInItsProject() throws IOException {
    // kagent.dev/Agent v1alpha2 is in the bundled CRD index (kagent-dev/kagent's published CRD), which keeps
    // one revision's condition lists only: in the project's own tree its CRD is the revision being linted.
    write("config/crd/bases/kagent.dev_agents.yaml", crd("Agent", "kagent.dev", "v1alpha2",
        conditionsStatus("", "[type, status]", "type: {type: string}", "status: {type: string}")));
    CrdDiscovery discovery = lint(List.of(file("config/samples/agent.yaml", """
        apiVersion: kagent.dev/v1alpha2
        kind: Agent
        metadata: {name: helper}
        status:
          conditions:
          - {type: Ready, status: "True"}
        """)), List.of());

    assertEquals(1, discovery.walkCount());
    assertEquals(1, discovery.walks().get(0).crds().size());
  }

  @Test
  void aKindWhoseCrdIsGivenWalksNothing() throws IOException {
    CrdDiscovery discovery = lint(List.of(file("samples/w.yaml", widget("w"))),
        List.of(Input.file("crds/widgets.yaml", dir.resolve("crds/widgets.yaml"))));

    assertEquals(0, discovery.walkCount());
  }

  @Test
  void standardInputWalksNothing() {
    Linter linter = new Linter(new Engine(Ruleset.builtIn(), Config.DEFAULT),
        new ByteArrayInputStream(widget("w").getBytes(java.nio.charset.StandardCharsets.UTF_8)),
        Optional.empty(), 1, new SkippedFiles(), false, CrdDiscovery.Settings.of(true, Map.of(), dir));
    linter.lint(List.of(Input.stdin()));

    assertEquals(0, linter.discovery().orElseThrow().walkCount());
  }

  @Test
  void manyObjectsOfUndeclaredKindsInOneProjectWalkItOnce() throws IOException {
    List<Input> inputs = new java.util.ArrayList<>();
    for (int i = 0; i < 40; i++) {
      inputs.add(file("samples/w" + i + ".yaml", widget("w" + i) + "---\n" + widget("v" + i).replace("Widget", "Gizmo")));
    }
    CrdDiscovery discovery = lint(inputs, List.of());

    assertEquals(1, discovery.walkCount());
    assertEquals(List.of(dir.toAbsolutePath().normalize()), discovery.walks().stream().map(w -> w.root()).toList());
    assertEquals(1, discovery.walks().get(0).crds().size());
  }

  @Test
  void offWalksNothing() throws IOException {
    Linter linter = new Linter(new Engine(Ruleset.builtIn(), Config.DEFAULT), new ByteArrayInputStream(new byte[0]),
        Optional.empty(), 1, new SkippedFiles(), false, CrdDiscovery.Settings.of(false, Map.of(), dir));
    linter.lint(List.of(file("samples/w.yaml", widget("w"))));

    assertEquals(0, linter.discovery().orElseThrow().walkCount());
  }

  @Test
  void aProjectThatIsTheHomeDirectoryIsNeverWalked() throws IOException {
    Linter linter = new Linter(new Engine(Ruleset.builtIn(), Config.DEFAULT), new ByteArrayInputStream(new byte[0]),
        Optional.empty(), 1, new SkippedFiles(), false, CrdDiscovery.Settings.of(true, Map.of("HOME", dir.toString()), dir));
    linter.lint(List.of(file("samples/w.yaml", widget("w"))));

    assertEquals(0, linter.discovery().orElseThrow().walkCount());
  }
}
