package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.rules.schema.ConditionColumn;
import dev.condlint.rules.schema.ConditionListSchemas;
import dev.condlint.rules.schema.CrdIndex;
import dev.condlint.rules.schema.KindSchema;
import dev.condlint.rules.schema.SchemaOrigin;
import dev.condlint.yaml.YamlDocuments;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distiller on a small fixture ({@code src/test/resources/crd-index}): two sources in the two
 * layouts, a CRD in two feature-set variants, two apiextensions.k8s.io/v1beta1 CRDs, a kind both sources have, files that are no CRD, a
 * schema without conditions, one that does not parse and one the source excludes, and an operator bundle
 * catalogue's releases side by side (spelt with and without a leading v, and a pre-release). Its output is compared file by file with
 * {@code expected/}, and read back with the engine's reader.
 */
class DistilCrdIndexTest {
  private static final Path FIXTURE = Path.of("src/test/resources/crd-index");
  private static final ObjectMapper JSON = new ObjectMapper();

  private record Run(int exit, String out, String err) {}

  private static Run distil(Path out, String... checkouts) throws IOException {
    return distil(FIXTURE.resolve("sources.json"), null, out, checkouts);
  }

  private static Run distil(Path sources, Path carryOver, Path out, String... checkouts) throws IOException {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    List<String> args = new java.util.ArrayList<>(List.of("--sources", sources.toString(), "--out", out.toString()));
    if (carryOver != null) {
      args.add("--carry-over");
      args.add(carryOver.toString());
    }
    for (String checkout : checkouts) {
      args.add("--checkout");
      args.add(checkout);
    }
    int exit = DistilCrdIndex.run(args.toArray(String[]::new), new PrintStream(stdout, true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8));
    return new Run(exit, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
  }

  private static Run distilFixture(Path out) throws IOException {
    return distil(out, withFixtureCheckouts());
  }

  @Test
  void writesTheIndexOfTheFixtureFileByFile(@TempDir Path out) throws IOException {
    Run run = distilFixture(out);

    assertEquals(0, run.exit(), run.err());
    assertEquals("""
        source upstream: %1$s/checkouts/upstream is no git work tree; taken as example/widgets@0123456789abcdef0123456789abcdef01234567
        source catalog: %1$s/checkouts/catalog is no git work tree; taken as example/catalog@fedcba9876543210fedcba9876543210fedcba98
        source bundles: %1$s/checkouts/bundles is no git work tree; taken as example/bundles@00112233445566778899aabbccddeeff00112233
        source upstream: 6 kind versions read, 4 with condition lists
        source catalog: 3 kind versions read, 2 with condition lists
          not read: other.example.org/thing_v2.json:2:1: Unexpected end-of-input within/between Object entries
        source bundles: 2 kind versions read, 2 with condition lists
        index: 2 groups, 6 kinds, 7 kind versions, 8 condition lists, 6 distinct item schemas; kind versions by source: {upstream=4, catalog=1, bundles=2}
        """.formatted(FIXTURE), run.out());
    Path expected = FIXTURE.resolve("expected");
    assertEquals(files(expected), files(out));
    for (String file : files(expected)) {
      assertEquals(Files.readString(expected.resolve(file)), Files.readString(out.resolve(file)), file);
    }
  }

  @Test
  void theEngineReadsFromTheIndexWhatItReadsFromTheSchemasThemselves(@TempDir Path out) throws IOException {
    distilFixture(out);
    CrdIndex index = CrdIndex.fromClasspath(new URLClassLoader(new URL[] {out.toUri().toURL()}, null), "");

    JsonNode widgetCrd = YamlDocuments.load("w.yaml",
        Files.readString(FIXTURE.resolve("checkouts/upstream/config/crd/widgets-Default.crd.yaml"))).documents().get(0).object();
    KindSchema widget = index.find("example.com", "v1", "Widget").orElseThrow();
    assertEquals(ConditionListSchemas.of(widgetCrd.at("/spec/versions/0/schema/openAPIV3Schema")), widget.conditionLists());
    assertEquals(new SchemaOrigin("example/widgets@0123456",
        "example/widgets config/crd/widgets-Default.crd.yaml@0123456789ab"), widget.origin());
    assertEquals(List.of(new ConditionColumn("Ready", "Ready", "example/widgets config/crd/widgets-Default.crd.yaml@0123456789ab")),
        widget.conditionColumns(), "the printer column that shows Ready's status; not Reason's or Age's");

    KindSchema gadget = index.find("example.com", "v1beta1", "Gadget").orElseThrow();
    assertEquals(ConditionListSchemas.of(JSON.readTree(FIXTURE.resolve("checkouts/catalog/example.com/gadget_v1beta1.json").toFile())),
        gadget.conditionLists());
    assertEquals(List.of("status.components.*.conditions"), List.copyOf(gadget.conditionLists().keySet()));
    assertEquals("gadget", gadget.kind(), "a catalogue's file name gives the kind in lower case only");
    assertEquals(List.of(), gadget.conditionColumns(), "a JSON Schema has no printer columns");
    assertEquals(List.of(), index.versions("example.com", "Sprocket"), "a file include does not match is not read");
    assertEquals(List.of(), index.versions("excluded.example.net", "Part"), "a file exclude matches is not read");

    KindSchema gizmo = index.find("example.org", "v1alpha1", "Gizmo").orElseThrow();
    assertEquals(List.of("status.conditions"), List.copyOf(gizmo.conditionLists().keySet()),
        "of a project's releases, the newest in version order is read (0.10.0, not 0.9.0)");
    assertEquals(new SchemaOrigin("example/bundles@0011223",
        "example/bundles operators/gizmo-operator/0.10.0/manifests/example.org_gizmos.yaml@001122334455"), gizmo.origin());

    KindSchema doohickey = index.find("example.org", "v1beta1", "Doohickey").orElseThrow();
    assertEquals(List.of("status.conditions"), List.copyOf(doohickey.conditionLists().keySet()),
        "0.10.0 is newer than v0.9.0 (a leading v is no part of the version) and than its pre-release 0.10.0-rc.1");
    assertEquals(new SchemaOrigin("example/bundles@0011223",
        "example/bundles operators/doohickey-operator/0.10.0/manifests/example.org_doohickeys.yaml@001122334455"),
        doohickey.origin());
  }

  @Test
  void anApiextensionsV1beta1CrdGivesEveryVersionTheSchemaOfItsValidation(@TempDir Path out) throws IOException {
    distilFixture(out);
    CrdIndex index = CrdIndex.fromClasspath(new URLClassLoader(new URL[] {out.toUri().toURL()}, null), "");

    JsonNode gearCrd = YamlDocuments.load("g.yaml",
        Files.readString(FIXTURE.resolve("checkouts/upstream/config/crd/gears.crd.yaml"))).documents().get(0).object();
    for (String version : List.of("v1alpha1", "v1alpha2")) {
      KindSchema gear = index.find("example.com", version, "Gear").orElseThrow();
      assertEquals(ConditionListSchemas.of(gearCrd.at("/spec/validation/openAPIV3Schema")), gear.conditionLists(), version);
      assertEquals(new SchemaOrigin("example/widgets@0123456", "example/widgets config/crd/gears.crd.yaml@0123456789ab"),
          gear.origin());
      assertEquals(List.of(new ConditionColumn("Available", "Available", "example/widgets config/crd/gears.crd.yaml@0123456789ab")),
          gear.conditionColumns(), "a v1beta1 CRD's columns (JSONPath, single quotes) serve every version");
    }
    assertEquals(List.of("v1beta1"), index.versions("example.com", "Cog").stream().map(KindSchema::version).toList(),
        "a CRD of one spec.version");
    assertEquals(List.of("status.conditions"),
        List.copyOf(index.find("example.com", "v1beta1", "Cog").orElseThrow().conditionLists().keySet()));
  }

  /**
   * A json-schemas source reads its schemas below {@code root}, at {@code GROUP/KIND_VERSION.json} (datreeio's layout,
   * the default) or {@code GROUP/VERSION/KIND.json} as {@code schemaPaths} says; a file beside them that is no schema of
   * the layout (another depth, a folder that is no version, a kind with a dot: provenance and SBOM files) is not read,
   * and an exclude glob, relative to the checkout's root, drops a group folder.
   */
  @Test
  void aJsonSchemasSourceReadsItsLayoutBelowItsRoot(@TempDir Path temp) throws IOException {
    String conditions = "{\"type\": \"object\", \"properties\": {\"status\": {\"type\": \"object\", \"properties\": "
        + "{\"conditions\": {\"type\": \"array\", \"items\": {\"type\": \"object\", \"properties\": "
        + "{\"type\": {\"type\": \"string\"}, \"reason\": {\"type\": \"string\", \"minLength\": %d}}, "
        + "\"required\": [\"type\"]}}}}}}";
    Path byVersion = temp.resolve("by-version");
    Map<String, String> versionFiles = new java.util.LinkedHashMap<>();
    versionFiles.put("api/acme.example.io/v1/challenge.json", conditions.formatted(1));
    versionFiles.put("api/acme.example.io/v1beta2/order.json", conditions.formatted(2));
    versionFiles.put("api/acme.example.io/v1/challenge.provenance.json", conditions.formatted(3));
    versionFiles.put("api/acme.example.io/sbom.cdx.json", conditions.formatted(4));
    versionFiles.put("api/acme.example.io/latest/challenge.json", conditions.formatted(5));
    versionFiles.put("api/held.example.io/v1/secret.json", conditions.formatted(6));
    versionFiles.put("acme.example.io/v1/outside.json", conditions.formatted(7));
    versionFiles.put("api/acme.example.io/challenge_v1.json", conditions.formatted(8));
    Path underFolder = temp.resolve("under-folder");
    Map<String, String> folderFiles = new java.util.LinkedHashMap<>();
    folderFiles.put("schemas/tools.example.io/hammer_v1alpha1.json", conditions.formatted(9));
    folderFiles.put("schemas/tools.example.io/v1/saw.json", conditions.formatted(10));
    folderFiles.put("tools.example.io/anvil_v1.json", conditions.formatted(11));
    for (Map.Entry<Path, Map<String, String>> tree : Map.of(byVersion, versionFiles, underFolder, folderFiles).entrySet()) {
      for (Map.Entry<String, String> f : tree.getValue().entrySet()) {
        Path file = tree.getKey().resolve(f.getKey());
        Files.createDirectories(file.getParent());
        Files.writeString(file, f.getValue());
      }
    }
    Path sources = temp.resolve("sources.json");
    Files.writeString(sources, """
        {"sources": [
          {"id": "by-version", "repository": "example/by-version", "commit": "1111111111111111111111111111111111111111",
           "license": "GPL-3.0", "layout": "json-schemas", "root": "api", "schemaPaths": "GROUP/VERSION/KIND.json",
           "exclude": ["api/held.example.io/**"]},
          {"id": "under-folder", "repository": "example/under-folder", "commit": "2222222222222222222222222222222222222222",
           "license": "MIT", "layout": "json-schemas", "root": "schemas/"}
        ]}
        """);
    Path out = temp.resolve("out");

    Run run = distil(sources, null, out, "by-version=" + byVersion, "under-folder=" + underFolder);

    assertEquals(0, run.exit(), run.err());
    assertEquals("""
        source by-version: %1$s is no git work tree; taken as example/by-version@1111111111111111111111111111111111111111
        source under-folder: %2$s is no git work tree; taken as example/under-folder@2222222222222222222222222222222222222222
        source by-version: 2 kind versions read, 2 with condition lists
        source under-folder: 1 kind versions read, 1 with condition lists
        index: 2 groups, 3 kinds, 3 kind versions, 3 condition lists, 3 distinct item schemas; kind versions by source: {by-version=2, under-folder=1}
        """.formatted(byVersion, underFolder), run.out());
    CrdIndex index = CrdIndex.fromClasspath(new URLClassLoader(new URL[] {out.toUri().toURL()}, null), "");
    KindSchema challenge = index.find("acme.example.io", "v1", "Challenge").orElseThrow();
    assertEquals(java.util.OptionalInt.of(1), challenge.conditionLists().get("status.conditions").items().properties()
        .get("reason").minLength(), "challenge.json, not the provenance file beside it");
    assertEquals(new SchemaOrigin("example/by-version@1111111",
        "example/by-version api/acme.example.io/v1/challenge.json@111111111111"), challenge.origin());
    assertEquals(List.of("v1beta2"), index.versions("acme.example.io", "Order").stream().map(KindSchema::version).toList());
    assertEquals(List.of(), index.versions("held.example.io", "Secret"), "an exclude glob crosses the version folders");
    assertEquals(List.of(), index.versions("acme.example.io", "Outside"), "a group folder outside the root is not read");
    KindSchema hammer = index.find("tools.example.io", "v1alpha1", "Hammer").orElseThrow();
    assertEquals(new SchemaOrigin("example/under-folder@2222222",
        "example/under-folder schemas/tools.example.io/hammer_v1alpha1.json@222222222222"), hammer.origin());
    assertEquals(List.of(), index.versions("tools.example.io", "Saw"), "GROUP/VERSION/KIND.json is not the default layout");
    assertEquals(List.of(), index.versions("tools.example.io", "Anvil"), "a group folder outside the root is not read");
  }

  /**
   * A go-types source: a kubebuilder package (GroupVersion literal, root markers one blank line above the doc comment,
   * a metav1.Condition list with list markers, a nested list of the package's own condition type with its enum, its
   * required fields as controller-gen decides them, a struct embedded inline) and a code-generator package
   * ({@code +groupName=}, {@code +genclient}, metav1 under another name, a status that embeds another module's
   * status, one that embeds a status of the same module's package, a type alias); a List type and a package without a
   * group are not kinds.
   */
  @Test
  void aGoTypesSourceReadsTheConditionListsOfEachRootKindsStatusAsControllerGenWouldWriteThem(@TempDir Path temp)
      throws IOException {
    Path checkout = temp.resolve("operator");
    Map<String, String> files = new java.util.LinkedHashMap<>();
    files.put("api/v1alpha1/groupversion_info.go", """
        // Package v1alpha1 contains API Schema definitions for the widgets v1alpha1 API group.
        // +kubebuilder:object:generate=true
        // +groupName=widgets.example.com
        package v1alpha1

        import (
        	"k8s.io/apimachinery/pkg/runtime/schema"
        	"sigs.k8s.io/controller-runtime/pkg/scheme"
        )

        var (
        	// GroupVersion is group version used to register these objects.
        	GroupVersion = schema.GroupVersion{Group: "widgets.example.com", Version: "v1alpha1"}
        	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
        )
        """);
    files.put("api/v1alpha1/widget_types.go", """
        package v1alpha1

        import (
        	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
        )

        // PartConditionType is a part's condition type.
        // +kubebuilder:validation:Enum=Ready;Degraded
        type PartConditionType string

        // PartCondition is a condition of one part.
        type PartCondition struct {
        	Type PartConditionType `json:"type"`
        	Status metav1.ConditionStatus `json:"status"`
        	// +optional
        	Reason string `json:"reason"`
        	// +kubebuilder:validation:MaxLength=64
        	// +required
        	Message string `json:"message,omitempty"`
        	LastTransitionTime *metav1.Time `json:"lastTransitionTime,omitempty"` // when it changed
        	Tries int32 `json:"tries,omitempty"`
        	Attempts int `json:"attempts,omitempty"`
        	Internal string `json:"-"`
        }

        type PartStatus struct {
        	Name string `json:"name"`
        	Conditions []PartCondition `json:"conditions,omitempty"`
        }

        type Common struct {
        	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
        	// +listType=map
        	// +listMapKey=type
        	// +kubebuilder:validation:MaxItems=8
        	Conditions []metav1.Condition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
        }

        // WidgetStatus defines the observed state of Widget.
        type WidgetStatus struct {
        	Common `json:",inline"`
        	Parts map[string]PartStatus `json:"parts,omitempty"`
        	Nested struct {
        		Conditions []metav1.Condition `json:"conditions,omitempty"`
        	} `json:"nested,omitempty"`
        }

        // +kubebuilder:object:root=true
        // +kubebuilder:subresource:status

        // Widget is the Schema for the widgets API.
        type Widget struct {
        	metav1.TypeMeta   `json:",inline"`
        	metav1.ObjectMeta `json:"metadata,omitempty"`

        	Spec   WidgetSpec   `json:"spec,omitempty"`
        	Status WidgetStatus `json:"status,omitempty"`
        }

        type WidgetSpec struct {
        	Size int `json:"size"`
        }

        // +kubebuilder:object:root=true

        // WidgetList contains a list of Widget.
        type WidgetList struct {
        	metav1.TypeMeta `json:",inline"`
        	metav1.ListMeta `json:"metadata,omitempty"`
        	Items           []Widget `json:"items"`
        }
        """);
    files.put("api/v1alpha1/widget_types_test.go", """
        package v1alpha1

        // +kubebuilder:object:root=true
        type Fixture struct {
        	metav1.ObjectMeta `json:"metadata,omitempty"`
        	Status WidgetStatus `json:"status,omitempty"`
        }
        """);
    files.put("pkg/apis/gadgets/v1/doc.go", """
        // +k8s:deepcopy-gen=package
        // +groupName=gadgets.example.com

        // Package v1 is the v1 version of the API.
        package v1
        """);
    files.put("pkg/apis/gadgets/v1/types.go", """
        package v1

        import (
        	kmeta "k8s.io/apimachinery/pkg/apis/meta/v1"
        	duckv1 "knative.dev/pkg/apis/duck/v1"
        )

        // +genclient
        // +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

        // Gadget is a gadget.
        type Gadget struct {
        	kmeta.TypeMeta   `json:",inline"`
        	kmeta.ObjectMeta `json:"metadata,omitempty"`
        	Status GadgetStatus `json:"status,omitempty"`
        }

        type GadgetStatus struct {
        	duckv1.Status `json:",inline"`
        }

        // +genclient
        type Gizmo struct {
        	kmeta.TypeMeta   `json:",inline"`
        	kmeta.ObjectMeta `json:"metadata,omitempty"`
        	Status GizmoStatus `json:"status,omitempty"`
        }

        type GizmoStatus struct {
        	Conditions Conditions `json:"conditions,omitempty"`
        	Other []Aliased `json:"other,omitempty"`
        }

        type Conditions []kmeta.Condition

        type Aliased = kmeta.Condition
        """);
    files.put("go.mod", """
        module example.com/operator

        go 1.22
        """);
    files.put("pkg/apis/common/types.go", """
        package common

        type Condition struct {
        	Type string `json:"type"`
        	Status string `json:"status"`
        	Message string `json:"message,omitempty"`
        }

        type Status struct {
        	Conditions []Condition `json:"conditions,omitempty"`
        }
        """);
    files.put("pkg/apis/gadgets/v1/doohickey.go", """
        package v1

        import (
        	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
        	"example.com/operator/pkg/apis/common"
        )

        // +genclient
        type Doohickey struct {
        	metav1.TypeMeta   `json:",inline"`
        	metav1.ObjectMeta `json:"metadata,omitempty"`
        	Status DoohickeyStatus `json:"status,omitempty"`
        }

        type DoohickeyStatus struct {
        	common.Status `json:",inline"`
        }
        """);
    files.put("pkg/apis/nogroup/v1/types.go", """
        package v1

        import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

        // +kubebuilder:object:root=true
        type Orphan struct {
        	metav1.ObjectMeta `json:"metadata,omitempty"`
        	Status OrphanStatus `json:"status,omitempty"`
        }

        type OrphanStatus struct {
        	Conditions []metav1.Condition `json:"conditions,omitempty"`
        }
        """);
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path file = checkout.resolve(f.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, f.getValue());
    }
    Path sources = temp.resolve("sources.json");
    Files.writeString(sources, """
        {"sources": [
          {"id": "go-example-operator", "repository": "example/operator", "commit": "3333333333333333333333333333333333333333",
           "license": "Apache-2.0", "layout": "go-types", "include": ["go.mod", "api/**/*.go", "pkg/apis/**/*.go"]}
        ]}
        """);
    Path out = temp.resolve("out");

    Run run = distil(sources, null, out, "go-example-operator=" + checkout);

    assertEquals(0, run.exit(), run.err());
    assertEquals("""
        source go-example-operator: %s is no git work tree; taken as example/operator@3333333333333333333333333333333333333333
        source go-example-operator: 4 kind versions read, 3 with condition lists
          not read: pkg/apis/gadgets/v1 Gadget: embeds duckv1.Status (another module's type), whose fields are not read
          not read: pkg/apis/gadgets/v1 Gizmo: Aliased is a type alias, not read
        index: 2 groups, 3 kinds, 3 kind versions, 4 condition lists, 3 distinct item schemas; kind versions by source: {go-example-operator=3}
        """.formatted(checkout), run.out());
    CrdIndex index = CrdIndex.fromClasspath(new URLClassLoader(new URL[] {out.toUri().toURL()}, null), "");
    KindSchema widget = index.find("widgets.example.com", "v1alpha1", "Widget").orElseThrow();
    assertEquals(List.of("status.conditions", "status.parts.*.conditions"), List.copyOf(widget.conditionLists().keySet()),
        "a field of an anonymous struct type (nested) is not read");
    assertEquals(new SchemaOrigin("example/operator@3333333",
        "example/operator api/v1alpha1/widget_types.go@333333333333", "Go types"), widget.origin());
    assertEquals("Go types of widgets.example.com/Widget v1alpha1, example/operator@3333333",
        new dev.condlint.rules.schema.SchemaMatch(widget, "v1alpha1").describe("Widget"));
    JsonNode group = JSON.readTree(out.resolve("groups/widgets.example.com.json").toFile());
    JsonNode lists = group.path("kinds").path("widget").path("versions").path("v1alpha1").path("lists");
    assertEquals("{\"items\":\"126bc1271bc2\",\"x-kubernetes-list-type\":\"map\",\"x-kubernetes-list-map-keys\":[\"type\"],"
        + "\"maxItems\":8}", lists.path("status.conditions").toString(), "metav1.Condition: the bundled index's item");
    JsonNode items = JSON.readTree(out.resolve("items.json").toFile());
    assertEquals("{\"properties\":{\"attempts\":{\"type\":\"integer\"},\"lastTransitionTime\":{\"type\":\"string\",\"format\":\"date-time\"},"
        + "\"message\":{\"type\":\"string\",\"maxLength\":64},\"reason\":{\"type\":\"string\"},"
        + "\"status\":{\"type\":\"string\"},\"tries\":{\"type\":\"integer\",\"format\":\"int32\"},"
        + "\"type\":{\"type\":\"string\",\"enum\":[\"Ready\",\"Degraded\"]}},"
        + "\"required\":[\"message\",\"status\",\"type\"]}",
        items.path(lists.path("status.parts.*.conditions").path("items").asText()).toString());
    KindSchema gizmo = index.find("gadgets.example.com", "v1", "Gizmo").orElseThrow();
    assertEquals(List.of("status.conditions"), List.copyOf(gizmo.conditionLists().keySet()));
    assertEquals(List.of(), index.versions("gadgets.example.com", "Gadget"));
    KindSchema doohickey = index.find("gadgets.example.com", "v1", "Doohickey").orElseThrow();
    assertEquals(java.util.Set.of("type", "status"), java.util.Set.copyOf(doohickey.conditionLists().get("status.conditions").items().required()),
        "the same module's common.Condition, read through its go.mod");
    JsonNode indexFile = JSON.readTree(out.resolve("index.json").toFile());
    assertEquals("go-types", indexFile.path("sources").path(0).path("layout").asText());
  }

  @Test
  void refusesAnUnknownSchemaPathsAndARootOnCrdManifests(@TempDir Path temp) throws IOException {
    for (String[] c : List.of(
        new String[] {"\"layout\": \"json-schemas\", \"schemaPaths\": \"KIND.json\"",
            "source s: unknown schemaPaths 'KIND.json' (GROUP/KIND_VERSION.json or GROUP/VERSION/KIND.json)"},
        new String[] {"\"layout\": \"crd-manifests\", \"include\": [\"*.yaml\"], \"root\": \"api\"",
            "source s: root and schemaPaths are for a json-schemas source; a crd-manifests source names its files with include"})) {
      Path sources = temp.resolve("sources.json");
      Files.writeString(sources, "{\"sources\": [{\"id\": \"s\", \"repository\": \"example/s\", \"commit\": "
          + "\"1111111111111111111111111111111111111111\", \"license\": \"MIT\", " + c[0] + "}]}");

      Run run = distil(sources, null, temp.resolve("out"), "s=" + temp);

      assertEquals(2, run.exit(), run.out());
      assertEquals(sources + ": " + c[1] + "\n", run.err());
    }
  }

  @Test
  void releasesAreInTheOrderOfSemanticVersioning() {
    List<String> releases = new java.util.ArrayList<>(List.of("1.10.0", "v1.9.2", "1.10.0-rc.2", "1.2.3-8.10", "1.10.0-rc.10",
        "V1.10.1", "1.2.3-8.9", "1.10.0-beta", "1.2.3.1", "0.9", "1.2.3"));
    releases.sort(SourceReader.VERSION_ORDER);

    assertEquals(List.of("0.9", "1.2.3-8.9", "1.2.3-8.10", "1.2.3", "1.2.3.1", "v1.9.2", "1.10.0-beta", "1.10.0-rc.2",
        "1.10.0-rc.10", "1.10.0", "V1.10.1"), releases);
  }

  @Test
  void theNamesOfEachKindAreThoseItsCrdGivesOrItsKindAlone(@TempDir Path out) throws IOException {
    distilFixture(out);
    CrdIndex index = CrdIndex.fromClasspath(new URLClassLoader(new URL[] {out.toUri().toURL()}, null), "");

    assertEquals(List.of(
        new CrdIndex.KindNames("example.com", "Cog", "cogs", "cog", List.of(), List.of()),
        new CrdIndex.KindNames("example.com", "gadget", "", "gadget", List.of(), List.of()),
        new CrdIndex.KindNames("example.com", "Gear", "gears", "gear", List.of(), List.of()),
        new CrdIndex.KindNames("example.com", "Widget", "widgets", "widget", List.of(), List.of()),
        new CrdIndex.KindNames("example.org", "Doohickey", "doohickeys", "doohickey", List.of(), List.of()),
        new CrdIndex.KindNames("example.org", "Gizmo", "gizmos", "gizmo", List.of("gz", "gzm"), List.of("all", "gadgets"))),
        index.names());
  }

  @Test
  void refusesAMissingCheckoutAndOneAtAnotherCommit(@TempDir Path out) throws IOException {
    Run missing = distil(out, "upstream=" + FIXTURE.resolve("checkouts/upstream"), "other=" + out);
    assertEquals(1, missing.exit());
    assertEquals("""
        source catalog (example/catalog@fedcba9876543210fedcba9876543210fedcba98): no --checkout catalog=DIR, or it is no directory
        source bundles (example/bundles@00112233445566778899aabbccddeeff00112233): no --checkout bundles=DIR, or it is no directory
        --checkout other: no such source in %s/sources.json
        """.formatted(FIXTURE), missing.err());
    assertEquals(List.of(), files(out), "nothing is written");

    Run usage = distil(out, "upstream");
    assertEquals(2, usage.exit());
    assertEquals("DistilCrdIndex: --checkout takes ID=DIR, not upstream\n"
        + "usage: DistilCrdIndex --sources FILE [--carry-over INDEX_DIR] --checkout ID=DIR... --out DIR\n", usage.err());
  }

  @Test
  void carryingOverEverySourceFromAnIndexWritesThatIndexByteForByte(@TempDir Path temp) throws IOException {
    Path a = temp.resolve("a");
    Path b = temp.resolve("b");
    assertEquals(0, distilFixture(a).exit());

    Run run = distil(FIXTURE.resolve("sources.json"), a, b);

    assertEquals(0, run.exit(), run.err());
    assertEquals("""
        source upstream: carried over from %1$s, 4 kind versions
        source catalog: carried over from %1$s, 1 kind versions
        source bundles: carried over from %1$s, 2 kind versions
        index: 2 groups, 6 kinds, 7 kind versions, 8 condition lists, 6 distinct item schemas; kind versions by source: {upstream=4, catalog=1, bundles=2}
        """.formatted(a), run.out());
    assertSameFiles(a, b);

    Run again = distil(FIXTURE.resolve("sources.json"), b, b);
    assertEquals(0, again.exit(), again.err());
    assertSameFiles(a, b);
  }

  @Test
  void oneSourceCheckedOutAndTheOthersCarriedOverWriteTheFullDistil(@TempDir Path temp) throws IOException {
    Path a = temp.resolve("a");
    assertEquals(0, distilFixture(a).exit());
    for (String id : List.of("upstream", "catalog", "bundles")) {
      Path b = temp.resolve(id);
      Run run = distil(FIXTURE.resolve("sources.json"), a, b, id + "=" + FIXTURE.resolve("checkouts/" + id));
      assertEquals(0, run.exit(), run.err());
      assertSameFiles(a, b);
    }
  }

  @Test
  void aNewSourceCheckedOutWithTheOthersCarriedOverWritesTheFullDistil(@TempDir Path temp) throws IOException {
    Path a = temp.resolve("a");
    assertEquals(0, distilFixture(a).exit());
    // A new source that has the upstream CRDs again, with one more: shadowed but for the one, first in order.
    Path sources = sources(temp, root -> {
      com.fasterxml.jackson.databind.node.ObjectNode extra = root.withArray("sources").insertObject(0);
      extra.put("id", "extra").put("repository", "example/extra").put("commit", "ab".repeat(20))
          .put("license", "MIT").put("layout", "crd-manifests");
      extra.putArray("include").add("config/crd/cogs.crd.yaml").add("docs/*.yaml");
    });
    Path full = temp.resolve("full");
    assertEquals(0, distil(sources, null, full, withFixtureCheckouts("extra=" + FIXTURE.resolve("checkouts/upstream"))).exit());

    Path b = temp.resolve("b");
    Run run = distil(sources, a, b, "extra=" + FIXTURE.resolve("checkouts/upstream"));

    assertEquals(0, run.exit(), run.err());
    assertSameFiles(full, b);
    assertEquals(List.of("extra", "upstream", "catalog", "bundles"),
        JSON.readTree(b.resolve("index.json").toFile()).findValuesAsText("id"));
  }

  @Test
  void aKindACatalogueWonKeepsTheSpellingNamesAndPrinterColumnsOfTheCrdItShadowed(@TempDir Path temp) throws IOException {
    // The catalogue first: its widget v1 shadows upstream's, whose CRD still gives the spelling, the names
    // and the printer columns, though the index holds no record of upstream's widget but those columns;
    // and its gadget shadows every version of a later source's Gadget CRD, of which the index holds nothing
    // but the spelling and the names.
    Path full = temp.resolve("full");
    ShadowedGadgets distilled = distilCatalogFirstThenGadgets(temp, full);
    Path sources = distilled.sources();
    Path gadgets = distilled.gadgets();
    JsonNode kinds = JSON.readTree(full.resolve("groups/example.com.json").toFile()).path("kinds");
    assertEquals("Widget", kinds.path("widget").path("kind").asText());
    assertEquals("catalog", kinds.at("/widget/versions/v1/source").asText());
    assertEquals("upstream", kinds.at("/widget/versions/v1/conditionColumns/source").asText());
    assertEquals("Gadget", kinds.path("gadget").path("kind").asText());
    assertEquals("catalog", kinds.at("/gadget/versions/v1beta1/source").asText());
    JsonNode names = JSON.readTree(full.resolve("names.json").toFile()).at("/groups/example.com");
    assertEquals("widgets", names.at("/widget/plural").asText());
    assertEquals("[\"gd\"]", names.at("/gadget/shortNames").toString());

    Path b = temp.resolve("b");
    Run run = distil(sources, full, b);
    assertEquals(0, run.exit(), run.err());
    assertSameFiles(full, b);
    for (String id : List.of("upstream", "catalog", "bundles", "gadgets")) {
      Path c = temp.resolve(id);
      Run one = distil(sources, full, c, id + "=" + (id.equals("gadgets") ? gadgets : FIXTURE.resolve("checkouts/" + id)));
      assertEquals(0, one.exit(), one.err());
      assertSameFiles(full, c);
    }
  }

  @Test
  void aNewSourceWithOtherNamesForAKindGivesThemWhereItComesFirst(@TempDir Path temp) throws IOException {
    Path sources = sources(temp, root -> root.withArray("sources").insert(0, root.withArray("sources").remove(1)));
    Path old = temp.resolve("old");
    assertEquals(0, distil(sources, null, old, withFixtureCheckouts()).exit());
    Path extra = crdSource(temp.resolve("extra"), "widgets", "{kind: Widget, plural: widgets, shortNames: [wd]}", "v1");
    // Before the CRD source whose names the index holds, and after it.
    for (int place : List.of(1, 2)) {
      Path withExtra = temp.resolve("sources-" + place + ".json");
      com.fasterxml.jackson.databind.node.ObjectNode root =
          (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(sources.toFile());
      com.fasterxml.jackson.databind.node.ObjectNode source = root.withArray("sources").insertObject(place);
      source.put("id", "extra").put("repository", "example/extra").put("commit", "cd".repeat(20)).put("license", "MIT")
          .put("layout", "crd-manifests").putArray("include").add("crds/*.yaml");
      Files.writeString(withExtra, root.toString());
      Path full = temp.resolve("full-" + place);
      assertEquals(0, distil(withExtra, null, full, withFixtureCheckouts("extra=" + extra)).exit());
      assertEquals(place == 1 ? "[\"wd\"]" : "",
          JSON.readTree(full.resolve("names.json").toFile()).at("/groups/example.com/widget/shortNames").toString());

      Path b = temp.resolve("b-" + place);
      Run run = distil(withExtra, old, b, "extra=" + extra);
      assertEquals(0, run.exit(), run.err());
      assertSameFiles(full, b);
    }
  }

  @Test
  void aNewSourceAfterACarriedSourceThatMayHaveTheKindMustGiveTheNamesTheIndexHolds(@TempDir Path temp) throws IOException {
    // catalog wins gadget; its names came from a CRD source the index holds no record of gadget from, which
    // may be upstream (carried, before the new source): the new source's names must be the index's.
    Path old = temp.resolve("old");
    ShadowedGadgets distilled = distilCatalogFirstThenGadgets(temp, old);
    Path sources = distilled.sources();
    Path gadgets = distilled.gadgets();
    for (String names : List.of("{kind: Gadget, listKind: GadgetList, singular: gadget, plural: gadgets, shortNames: [gd]}",
        "{kind: Gadget, plural: gadgets, shortNames: [gdg]}", "{kind: Gadget, plural: gadgets, shortNames: [gdgt]}")) {
      Path newcomer = gadgetSource(temp.resolve("newcomer-" + names.length()), names);
      Path withNew = temp.resolve("sources-" + names.length() + ".json");
      com.fasterxml.jackson.databind.node.ObjectNode root =
          (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(sources.toFile());
      // After upstream, or, the last, after every source of the index (whose names come before it).
      root.withArray("sources").insertObject(names.contains("gdgt") ? 4 : 2).put("id", "newcomer").put("repository", "example/newcomer")
          .put("commit", "12".repeat(20)).put("license", "MIT").put("layout", "crd-manifests")
          .putArray("include").add("crds/*.yaml");
      Files.writeString(withNew, root.toString());
      Path b = temp.resolve("b-" + names.length());

      Run run = distil(withNew, old, b, "newcomer=" + newcomer);

      if (names.contains("gdg]")) {
        assertEquals(1, run.exit());
        assertEquals("""
            not carried over: names of example.com/gadget: may come from upstream, whose record %1$s does not hold (an earlier source shadowed it there)
            1 records would depend on what %1$s does not hold; check out the sources named (or all), nothing was written
            """.formatted(old), run.err(), "the full distil would take the new source's names unless upstream has gadget");
      } else {
        assertEquals(0, run.exit(), run.err() + " (the same names written: singular is the kind, listKind not kept;"
            + " or the index's names come before the new source's)");
        Path full = temp.resolve("full-" + names.length());
        assertEquals(0, distil(withNew, null, full, withFixtureCheckouts("gadgets=" + gadgets, "newcomer=" + newcomer)).exit());
        assertSameFiles(full, b);
      }
    }
  }

  /** The three fixture sources' checkouts, then {@code more}. */
  private static String[] withFixtureCheckouts(String... more) {
    List<String> all = new ArrayList<>(List.of("upstream=" + FIXTURE.resolve("checkouts/upstream"),
        "catalog=" + FIXTURE.resolve("checkouts/catalog"), "bundles=" + FIXTURE.resolve("checkouts/bundles")));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  /** The fixture sources with the catalogue first, and a source "gadgets" (a gadgetSource checkout) last. */
  /**
   * Distils {@link #catalogFirstThenGadgets} into {@code out}, every source checked out (the gadgets source's Gadget
   * CRD with the short name gd), and returns the sources file and the gadgets checkout.
   */
  private static ShadowedGadgets distilCatalogFirstThenGadgets(Path temp, Path out) throws IOException {
    Path gadgets = gadgetSource(temp.resolve("gadgets-checkout"), "{kind: Gadget, plural: gadgets, shortNames: [gd]}");
    Path sources = catalogFirstThenGadgets(temp);
    assertEquals(0, distil(sources, null, out, withFixtureCheckouts("gadgets=" + gadgets)).exit());
    return new ShadowedGadgets(sources, gadgets);
  }

  private record ShadowedGadgets(Path sources, Path gadgets) {}

  private static Path catalogFirstThenGadgets(Path temp) throws IOException {
    return sources(temp, root -> {
      root.withArray("sources").insert(0, root.withArray("sources").remove(1));
      root.withArray("sources").addObject().put("id", "gadgets").put("repository", "example/gadgets")
          .put("commit", "ef".repeat(20)).put("license", "MIT").put("layout", "crd-manifests")
          .putArray("include").add("crds/*.yaml");
    });
  }

  private static Path gadgetSource(Path dir, String names) throws IOException {
    return crdSource(dir, "gadgets", names, "v1beta1");
  }

  /** A checkout holding one CRD of example.com, crds/PLURAL.yaml, whose one version has a condition list. */
  private static Path crdSource(Path dir, String plural, String names, String version) throws IOException {
    Files.createDirectories(dir.resolve("crds"));
    Files.writeString(dir.resolve("crds/" + plural + ".yaml"), """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: %s.example.com}
        spec:
          group: example.com
          names: %s
          versions:
          - name: %s
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  status:
                    type: object
                    properties:
                      conditions:
                        type: array
                        items: {type: object, properties: {type: {type: string}, status: {type: string}}}
        """.formatted(plural, names, version));
    return dir;
  }

  @Test
  void refusesToCarryOverASourceTheIndexDoesNotRecordAtItsPin(@TempDir Path temp) throws IOException {
    Path a = temp.resolve("a");
    assertEquals(0, distilFixture(a).exit());
    Path sources = sources(temp, root -> {
      ((com.fasterxml.jackson.databind.node.ObjectNode) root.path("sources").get(1))
          .put("commit", "0000000000000000000000000000000000000001");
      root.withArray("sources").addObject().put("id", "newcomer").put("repository", "example/newcomer")
          .put("commit", "1111111111111111111111111111111111111111").put("license", "MIT").put("layout", "json-schemas");
    });
    Path b = temp.resolve("b");

    Run run = distil(sources, a, b, "upstream=" + FIXTURE.resolve("checkouts/upstream"));

    assertEquals(1, run.exit());
    assertEquals("""
        source catalog (example/catalog@0000000000000000000000000000000000000001): no --checkout catalog=DIR, and %1$s records it at example/catalog@fedcba9876543210fedcba9876543210fedcba98, so it cannot be carried over
        source newcomer (example/newcomer@1111111111111111111111111111111111111111): no --checkout newcomer=DIR, and %1$s has no record of it to carry over
        """.formatted(a), run.err());
    assertEquals(false, Files.exists(b), "nothing is written");
  }

  @Test
  void refusesWhatTheIndexDoesNotHoldWhereASourceThatShadowedOthersIsDropped(@TempDir Path temp) throws IOException {
    Path a = temp.resolve("a");
    assertEquals(0, distilFixture(a).exit());
    Path sources = sources(temp, root -> root.withArray("sources").remove(0));
    Path b = temp.resolve("b");

    Run run = distil(sources, a, b);

    assertEquals(1, run.exit());
    assertEquals("""
        not carried over: kind version example.com/cog/v1beta1: may come from catalog, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: kind version example.com/gear/v1alpha1: may come from catalog, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: kind version example.com/gear/v1alpha2: may come from catalog, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: kind version example.com/widget/v1: may come from catalog, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: names of example.com/cog: may come from bundles, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: names of example.com/gear: may come from bundles, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: names of example.com/widget: may come from bundles, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: printer columns of example.com/gear/v1alpha1: may come from bundles, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: printer columns of example.com/gear/v1alpha2: may come from bundles, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: printer columns of example.com/widget/v1: may come from bundles, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: spelling of example.com/cog: may come from bundles, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: spelling of example.com/gear: may come from bundles, whose record %1$s does not hold (an earlier source shadowed it there)
        not carried over: spelling of example.com/widget: may come from bundles, whose record %1$s does not hold (an earlier source shadowed it there)
        13 records would depend on what %1$s does not hold; check out the sources named (or all), nothing was written
        """.formatted(a), run.err());
    assertEquals(false, Files.exists(b), "nothing is written");

    Path full = temp.resolve("full");
    assertEquals(0, distil(sources, null, full, "catalog=" + FIXTURE.resolve("checkouts/catalog"),
        "bundles=" + FIXTURE.resolve("checkouts/bundles")).exit());
    Path c = temp.resolve("c");
    Run checkedOut = distil(sources, a, c, "catalog=" + FIXTURE.resolve("checkouts/catalog"),
        "bundles=" + FIXTURE.resolve("checkouts/bundles"));
    assertEquals(0, checkedOut.exit(), checkedOut.err());
    assertSameFiles(full, c);
  }

  @Test
  void refusesAnIndexDirectoryWithoutAnIndex(@TempDir Path temp) throws IOException {
    Run run = distil(FIXTURE.resolve("sources.json"), temp, temp.resolve("b"));
    assertEquals(1, run.exit());
    assertEquals("--carry-over " + temp + ": " + temp + " holds no index.json\n", run.err());
  }

  private static Path sources(Path temp, java.util.function.Consumer<com.fasterxml.jackson.databind.node.ObjectNode> edit)
      throws IOException {
    com.fasterxml.jackson.databind.node.ObjectNode root =
        (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(FIXTURE.resolve("sources.json").toFile());
    edit.accept(root);
    Path file = temp.resolve("sources.json");
    Files.writeString(file, root.toString());
    return file;
  }

  private static void assertSameFiles(Path expected, Path actual) throws IOException {
    assertEquals(files(expected), files(actual));
    for (String file : files(expected)) {
      assertEquals(Files.readString(expected.resolve(file)), Files.readString(actual.resolve(file)), file);
    }
  }

  private static List<String> files(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
    }
  }
}
