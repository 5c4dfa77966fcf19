package dev.condlint.cli.input;

import static dev.condlint.rules.testing.CrdFixtures.conditionsStatus;
import static dev.condlint.rules.testing.CrdFixtures.crd;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The walk of CRD discovery: where the root is, what it reads, in which order, and where it stops. */
class ProjectCrdsTest {
  private static final Optional<String> V1 = Optional.of("v1");

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

  private ProjectCrds.Project project(ProjectCrds.Limits limits) {
    return new ProjectCrds.Project(dir, limits, CrdCatalog.builder(), p -> dir.relativize(p).toString());
  }

  private static final String BROKEN_OTHER = "kind: CustomResourceDefinition\nspec: {group: other.io, names: {kind: Gadget}, versions: [unclosed\n";

  @Test
  void aLookParsesOnlyTheFilesThatNameTheKindsGroupAndKindAndALaterLookOnlyTheRest() throws IOException {
    write("a/broken.yaml", BROKEN_OTHER);
    write("b/gadgets.yaml", crd("Gadget", "other.io", "v1", conditionsStatus("", "[type]", "type: {type: string}")));
    write("c/gizmos.yaml", crdOf("Gizmo"));
    write("z/widgets.yaml", crdOf("Widget"));
    ProjectCrds.Project project = project(ProjectCrds.Limits.DEFAULT);

    ProjectCrds.Walk widgets = project.find(List.of(new ProjectCrds.Wanted("example.com", V1, "Widget")));
    assertEquals(List.of("Widget discovered in z/widgets.yaml:1"), found(widgets));
    assertEquals(4, widgets.files());
    assertEquals(1, widgets.parsed());
    assertEquals(List.of(), widgets.skipped());

    // Asked later, Gadget's file comes first all the same: what is found keeps the walk's order.
    ProjectCrds.Walk gadgets = project.find(List.of(new ProjectCrds.Wanted("other.io", V1, "Gadget")));
    assertEquals(List.of("Gadget discovered in b/gadgets.yaml:1", "Widget discovered in z/widgets.yaml:1"), found(gadgets));
    assertEquals(4, gadgets.files());
    assertEquals(3, gadgets.parsed());
    assertEquals(1, gadgets.skipped().size());
    assertEquals(true, gadgets.skipped().get(0).startsWith("a/broken.yaml (cannot be parsed: "), gadgets.skipped().get(0));

    // Nothing is parsed twice; the walk is not repeated.
    ProjectCrds.Walk again = project.find(List.of(new ProjectCrds.Wanted("other.io", V1, "Gadget")));
    assertEquals(3, again.parsed());
    assertEquals(found(gadgets), found(again));
    assertEquals(gadgets.skipped(), again.skipped());
  }

  @Test
  void aLookStopsAtTheFirstFileThatDefinesTheKindsVersionWhichWouldWinAnyway() throws IOException {
    write("a/widgets.yaml", crdOf("Widget"));
    write("b/copy.yaml", crdOf("Widget"));
    write("c/broken.yaml", BROKEN_OTHER.replace("other.io", "example.com").replace("Gadget", "Widget"));

    ProjectCrds.Project v1 = project(ProjectCrds.Limits.DEFAULT);
    ProjectCrds.Walk first = v1.find(List.of(new ProjectCrds.Wanted("example.com", V1, "Widget")));
    assertEquals(List.of("Widget discovered in a/widgets.yaml:1"), found(first));
    assertEquals(1, first.parsed());
    assertEquals(List.of(), first.skipped());

    // A version no file defines, or no version at all: every file that names the kind is parsed.
    for (Optional<String> version : List.of(Optional.of("v2"), Optional.<String>empty())) {
      ProjectCrds.Walk all = project(ProjectCrds.Limits.DEFAULT)
          .find(List.of(new ProjectCrds.Wanted("example.com", version, "Widget")));
      assertEquals(List.of("Widget discovered in a/widgets.yaml:1", "Widget discovered in b/copy.yaml:1"), found(all));
      assertEquals(3, all.parsed());
      assertEquals(1, all.skipped().size());
    }
  }

  @Test
  void aLaterLookParsesAFileBeforeOneAlreadyParsedWhereItDefinesTheKindFirst() throws IOException {
    write("a/gizmos.yaml", crdOf("Gizmo"));
    write("b/both.yaml", crdOf("Widget") + "---\n" + crdOf("Gizmo"));
    ProjectCrds.Project project = project(ProjectCrds.Limits.DEFAULT);

    assertEquals(List.of("Widget discovered in b/both.yaml:1", "Gizmo discovered in b/both.yaml:30"),
        found(project.find(List.of(new ProjectCrds.Wanted("example.com", V1, "Widget")))));
    ProjectCrds.Walk gizmos = project.find(List.of(new ProjectCrds.Wanted("example.com", V1, "Gizmo")));

    assertEquals(List.of("Gizmo discovered in a/gizmos.yaml:1", "Widget discovered in b/both.yaml:1",
        "Gizmo discovered in b/both.yaml:30"), found(gizmos));
    assertEquals(2, gizmos.parsed());
  }

  @Test
  void aFileThatNamesTheKindButNotTheGroupIsNotParsed() throws IOException {
    write("widgets-elsewhere.yaml", crd("Widget", "elsewhere.io", "v1", conditionsStatus("", "[type]", "type: {type: string}")));
    write("broken-widgets.yaml", "kind: CustomResourceDefinition\nspec: {names: {kind: Widget}, versions: [unclosed\n");

    ProjectCrds.Walk walk = project(ProjectCrds.Limits.DEFAULT).find(List.of(new ProjectCrds.Wanted("example.com", V1, "Widget")));

    assertEquals(List.of(), found(walk));
    assertEquals(0, walk.parsed());
    assertEquals(List.of(), walk.skipped());
  }

  /** A vendored chart as helm dependency build leaves it: a CRD in crds/, one among the templates, and the rest. */
  private Path chart(String archive) throws IOException {
    String templated = "{{- if .Values.installCRDs }}\n" + crdOf("Gizmo") + "{{- end }}\n";
    Map<String, String> entries = new LinkedHashMap<>();
    entries.put("widget/Chart.yaml", "apiVersion: v2\nname: widget\nversion: 1.2.3\n");
    entries.put("widget/values.yaml", "installCRDs: true\n# kind: CustomResourceDefinition example.com Widget\n");
    entries.put("widget/crds/broken.yaml", "kind: CustomResourceDefinition\nspec: {group: example.com, names: {kind: Widget}, versions: [unclosed\n");
    entries.put("widget/crds/widgets.yaml", crdOf("Widget"));
    entries.put("widget/templates/crds.yaml", templated);
    entries.put("widget/templates/deployment.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: w}\n");
    entries.put("widget/charts/sub/crds/things.yaml", crdOf("Thing"));
    entries.put("widget/README.md", crdOf("Readme"));
    return ChartArchives.write(dir.resolve(archive), entries);
  }

  @Test
  void aVendoredChartArchivesCrdsAndTemplatedCrdsAreReadWithTheirEntryNamed() throws IOException {
    chart("charts/widget-1.2.3.tgz");

    ProjectCrds.Walk walk = walk(ProjectCrds.Limits.DEFAULT);

    assertEquals(List.of(
            "Widget discovered in charts/widget-1.2.3.tgz!widget/crds/widgets.yaml:1",
            "Gizmo discovered in charts/widget-1.2.3.tgz!widget/templates/crds.yaml:2",
            "Thing discovered in charts/widget-1.2.3.tgz!widget/charts/sub/crds/things.yaml:1"),
        found(walk));
    assertEquals(1, walk.files());
    assertEquals(1, walk.skipped().size());
    assertEquals(true, walk.skipped().get(0).startsWith(
        "charts/widget-1.2.3.tgz!widget/crds/broken.yaml (cannot be parsed: "), walk.skipped().get(0));
  }

  @Test
  void anArchiveEntryIsParsedOnlyWhereItNamesTheKindLookedFor() throws IOException {
    chart("deploy/charts/widget-1.2.3.tgz");

    ProjectCrds.Walk walk = project(ProjectCrds.Limits.DEFAULT).find(List.of(new ProjectCrds.Wanted("example.com", V1, "Gizmo")));

    assertEquals(List.of("Gizmo discovered in deploy/charts/widget-1.2.3.tgz!widget/templates/crds.yaml:2"), found(walk));
    assertEquals(1, walk.parsed());
  }

  @Test
  void anArchiveOutsideAChartsFolderIsNotRead() throws IOException {
    chart("dist-artifacts/widget-1.2.3.tgz");
    chart("charts/widget/widget-1.2.3.tgz");

    ProjectCrds.Walk walk = walk(ProjectCrds.Limits.DEFAULT);

    assertEquals(List.of(), found(walk));
    assertEquals(0, walk.files());
  }

  @Test
  void anArchiveEntryLargerThanTheFileBoundIsNamedAndAnArchiveThatUnpacksPastItStops() throws IOException {
    String big = crdOf("Widget") + "#" + "x".repeat(4000) + "\n";
    ChartArchives.write(dir.resolve("charts/a-1.0.0.tgz"), Map.of("a/crds/big.yaml", big));
    Map<String, String> many = new LinkedHashMap<>();
    for (int i = 0; i < 6; i++) {
      many.put("b/crds/part" + i + ".yaml", crdOf("Part" + i) + "#" + "x".repeat(2000) + "\n");
    }
    ChartArchives.write(dir.resolve("charts/b-1.0.0.tgz"), many);

    ProjectCrds.Walk walk = walk(new ProjectCrds.Limits(100, 1 << 20, 3000));

    // Each part takes 3 KiB of the tar (a header and its padded text): the fourth would pass 12000 bytes.
    assertEquals(List.of(
            "Part0 discovered in charts/b-1.0.0.tgz!b/crds/part0.yaml:1",
            "Part1 discovered in charts/b-1.0.0.tgz!b/crds/part1.yaml:1",
            "Part2 discovered in charts/b-1.0.0.tgz!b/crds/part2.yaml:1"),
        found(walk));
    assertEquals(List.of(
            "charts/a-1.0.0.tgz!a/crds/big.yaml (larger than 3000 bytes)",
            "charts/b-1.0.0.tgz (larger than 12000 bytes unpacked)"),
        walk.skipped());
  }

  @Test
  void anArchiveThatIsNoGzippedTarIsSkippedAndNamed() throws IOException {
    write("charts/broken-1.0.0.tgz", crdOf("Widget"));

    ProjectCrds.Walk walk = walk(ProjectCrds.Limits.DEFAULT);

    assertEquals(List.of(), found(walk));
    assertEquals(List.of("charts/broken-1.0.0.tgz (cannot be read as a chart archive: Not in GZIP format)"), walk.skipped());
  }

  @Test
  void theOriginIsTheCrdVersionsOwn() throws IOException {
    write("crds.yaml", crdOf("A"));

    List<CrdVersion> crds = walk(ProjectCrds.Limits.DEFAULT).crds();

    assertEquals(List.of("as.example.com example.com/v1 discovered in crds.yaml:1"),
        crds.stream().map(v -> v.crdName() + " " + v.apiVersion() + " " + v.origin()).toList());
  }
}
