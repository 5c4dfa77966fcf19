package dev.condlint.cli.input;

import static dev.condlint.rules.testing.CrdFixtures.conditionsStatus;
import static dev.condlint.rules.testing.CrdFixtures.crd;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The walk of CRD discovery: where the root is, what it reads, in which order, and where it stops. */
class ProjectCrdsTest {
  @TempDir Path dir;

  private static String crdOf(String kind) {
    return crd(kind, "example.com", "v1", conditionsStatus("", "[type, status]", "type: {type: string}"));
  }

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    return Files.writeString(p, text);
  }

  private ProjectCrds.Walk walk(ProjectCrds.Limits limits) {
    return ProjectCrds.walk(dir, limits, CrdCatalog.builder(), p -> dir.relativize(p).toString());
  }

  private static List<String> found(ProjectCrds.Walk walk) {
    return walk.crds().stream().map(v -> v.kind() + " " + v.origin()).toList();
  }

  @Test
  void theRootIsTheNearestDirectoryWithConfigurationWithinTheGitWorkTree() throws IOException {
    Files.createDirectories(dir.resolve("repo/.git"));
    write("repo/operator/.condlint.yaml", "");
    Files.createDirectories(dir.resolve("repo/operator/config/samples"));
    Files.createDirectories(dir.resolve("repo/docs"));

    assertEquals(Optional.of(dir.resolve("repo/operator")),
        ProjectCrds.root(dir.resolve("repo/operator/config/samples"), Optional.empty()));
    assertEquals(Optional.of(dir.resolve("repo")), ProjectCrds.root(dir.resolve("repo/docs"), Optional.empty()));
    assertEquals(Optional.of(dir.resolve("repo")), ProjectCrds.root(dir.resolve("repo"), Optional.empty()));
  }

  @Test
  void noRootAtTheHomeDirectoryOrAboveIt() throws IOException {
    Files.createDirectories(dir.resolve("home/me/notes"));
    write("home/me/.condlint.yaml", "");
    write("home/.condlint.yaml", "");

    assertEquals(Optional.empty(), ProjectCrds.root(dir.resolve("home/me/notes"), Optional.of(dir.resolve("home/me"))));
    assertEquals(Optional.empty(), ProjectCrds.root(dir.resolve("home"), Optional.of(dir.resolve("home/me"))));
    assertEquals(Optional.of(dir.resolve("home/me")), ProjectCrds.root(dir.resolve("home/me/notes"), Optional.empty()));
  }

  @Test
  void readsOnlyYamlAndJsonFilesThatMentionCrdsInNameOrder() throws IOException {
    write("z/widgets.yaml", crdOf("Widget"));
    write("a/gizmos.yml", crdOf("Gizmo"));
    write("a/notes.txt", crdOf("Note"));
    write("m/plain.json", "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"c\"}}");
    write("m/list.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n---\n" + crdOf("Thing"));

    ProjectCrds.Walk walk = walk(ProjectCrds.Limits.DEFAULT);

    assertEquals(List.of(
            "Gizmo discovered in a/gizmos.yml:1",
            "Thing discovered in m/list.yaml:5",
            "Widget discovered in z/widgets.yaml:1"),
        found(walk));
    assertEquals(4, walk.files());
    assertEquals(List.of(), walk.skipped());
    assertEquals(Optional.empty(), walk.stoppedAt());
  }

  @Test
  void stopsAfterItsCountOfFiles() throws IOException {
    write("a.yaml", crdOf("A"));
    write("b.yaml", crdOf("B"));
    write("c.yaml", crdOf("C"));

    ProjectCrds.Walk walk = walk(new ProjectCrds.Limits(2, 1 << 20, 1 << 20));

    assertEquals(List.of("A discovered in a.yaml:1", "B discovered in b.yaml:1"), found(walk));
    assertEquals(2, walk.files());
    assertEquals(Optional.of("after 2 files"), walk.stoppedAt());
  }

  @Test
  void stopsAtItsCountOfBytes() throws IOException {
    long one = Files.size(write("a.yaml", crdOf("A")));
    write("b.yaml", crdOf("B"));

    ProjectCrds.Walk walk = walk(new ProjectCrds.Limits(100, one + 1, 1 << 20));

    assertEquals(List.of("A discovered in a.yaml:1"), found(walk));
    assertEquals(one, walk.bytes());
    assertEquals(Optional.of("after " + (one + 1) + " bytes"), walk.stoppedAt());
  }

  @Test
  void skipsAFileLargerThanItsLimitAndGoesOn() throws IOException {
    long one = Files.size(write("a.yaml", crdOf("A")));
    write("b.yaml", crdOf("Bigger"));

    ProjectCrds.Walk walk = walk(new ProjectCrds.Limits(100, 1 << 20, one));

    assertEquals(List.of("A discovered in a.yaml:1"), found(walk));
    assertEquals(List.of("b.yaml (larger than " + one + " bytes)"), walk.skipped());
    assertEquals(Optional.empty(), walk.stoppedAt());
  }

  @Test
  void skipsAFileThatCannotBeParsedAndGoesOn() throws IOException {
    write("a.yaml", "kind: CustomResourceDefinition\nspec: [unclosed\n");
    write("b.yaml", crdOf("B"));

    ProjectCrds.Walk walk = walk(ProjectCrds.Limits.DEFAULT);

    assertEquals(List.of("B discovered in b.yaml:1"), found(walk));
    assertEquals(1, walk.skipped().size());
    assertEquals(true, walk.skipped().get(0).startsWith("a.yaml (cannot be parsed: "), walk.skipped().get(0));
  }

  @Test
  void aCrdInAHelmTemplateIsReadWithoutItsTemplateActionsAtItsOwnLines() throws IOException {
    String crd = crdOf("Templated").replace("  name: templateds.example.com\n",
        "  name: templateds.example.com\n  labels:\n    {{- include \"chart.labels\" . | nindent 4 }}\n"
            + "    release: {{ .Release.Name }}\n");
    write("charts/c/templates/crds.yaml", "{{- if .Values.installCRDs }}\n" + crd + "{{- end }}\n");

    ProjectCrds.Walk walk = walk(ProjectCrds.Limits.DEFAULT);

    assertEquals(List.of("Templated discovered in charts/c/templates/crds.yaml:2"), found(walk));
    assertEquals(List.of(), walk.skipped());
  }

  @Test
  void withoutTemplateActionsKeepsEveryLine() {
    assertEquals("\nkind: CustomResourceDefinition\nmetadata: {name: templated}\n\n",
        ProjectCrds.withoutTemplateActions(
            "{{- if .Values.crds }}\nkind: CustomResourceDefinition\nmetadata: {name: {{ .Release.Name }}}\n{{- end }}\n"));
  }

  @Test
  void theOriginIsTheCrdVersionsOwn() throws IOException {
    write("crds.yaml", crdOf("A"));

    List<CrdVersion> crds = walk(ProjectCrds.Limits.DEFAULT).crds();

    assertEquals(List.of("as.example.com example.com/v1 discovered in crds.yaml:1"),
        crds.stream().map(v -> v.crdName() + " " + v.apiVersion() + " " + v.origin()).toList());
  }
}
