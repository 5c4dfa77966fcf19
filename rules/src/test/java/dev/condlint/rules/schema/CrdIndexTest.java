package dev.condlint.rules.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The CRD index as the engine reads it: a small index in the distiller's format
 * ({@code src/test/resources/schema/crd-index}); build-tools' tests distil one from a catalogue and read
 * it back.
 */
class CrdIndexTest {
  private static final CrdIndex INDEX = CrdIndex.fromClasspath(CrdIndexTest.class.getClassLoader(), "schema/crd-index");

  @Test
  void findsAKindAtAVersionWhateverTheCaseOfItsName() {
    KindSchema widget = INDEX.find("example.com", "v1", "WIDGET").orElseThrow();

    assertEquals("Widget", widget.kind());
    assertEquals(List.of("status.conditions", "status.parts[].conditions"), List.copyOf(widget.conditionLists().keySet()));
    ConditionListSchema top = widget.conditionLists().get("status.conditions");
    assertEquals(Optional.of("map"), top.listType());
    assertEquals(List.of("type"), top.listMapKeys());
    assertEquals(OptionalInt.of(16), top.maxItems());
    assertEquals(Set.of("lastTransitionTime", "message", "reason", "status", "type"), top.items().required());
    assertEquals(Set.of("reason"), top.items().nonEmpty());
    assertEquals(Set.of("lastTransitionTime"), top.items().dateTimes());
    assertEquals(new FieldSchema("string", Optional.empty(), List.of(), Optional.of("^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$"),
        OptionalInt.of(1), OptionalInt.of(1024)), top.items().properties().get("reason"));
    assertEquals(List.of("True", "False", "Unknown"), top.items().properties().get("status").enumValues());
    ConditionListSchema parts = widget.conditionLists().get("status.parts[].conditions");
    assertEquals(Set.of(), parts.items().required());
    assertEquals(Set.of("lastTransitionTime"), parts.items().plainTimes());
    assertEquals(Optional.empty(), parts.listType());
  }

  @Test
  void namesTheSourceAndFileOfEachSchema() {
    KindSchema widget = INDEX.find("example.com", "v1", "Widget").orElseThrow();

    assertEquals(new SchemaOrigin("example/widgets@0123456",
        "example/widgets config/crd/example.com_widgets.yaml@0123456789ab"), widget.origin());
    assertEquals(List.of(
        new CrdIndex.Source("upstream", "example/widgets", "0123456789abcdef0123456789abcdef01234567", "Apache-2.0", 2),
        new CrdIndex.Source("catalogue", "example/catalog", "fedcba9876543210fedcba9876543210fedcba98", "MIT", 2)),
        INDEX.sources());
  }

  @Test
  void listsEveryVersionOfAKindAndNothingOfAnUnknownOne() {
    assertEquals(Set.of("v1", "v1alpha1"),
        Set.copyOf(INDEX.versions("example.com", "widget").stream().map(KindSchema::version).toList()));
    assertEquals(Optional.empty(), INDEX.find("example.com", "v2", "Widget"));
    assertEquals(List.of(), INDEX.versions("example.com", "Sprocket"));
    assertEquals(List.of(), INDEX.versions("other.example.org", "Widget"), "a group the index does not hold");
    assertEquals(List.of(), INDEX.versions("", "Pod"));
  }

  @Test
  void readsAGroupOnlyWhenAnObjectOfItIsMet() {
    CrdIndex index = CrdIndex.fromClasspath(CrdIndexTest.class.getClassLoader(), "schema/crd-index");
    // broken.example.com's file names an unknown source: nothing reads it until one of its kinds is asked for.
    assertEquals(2, index.versions("example.com", "Gadget").size());

    IllegalStateException broken = assertThrows(IllegalStateException.class,
        () -> index.find("broken.example.com", "v1", "Thing"));
    assertEquals("condlint's CRD index is broken: groups/broken.example.com.json: Thing v1 names no known source",
        broken.getMessage());
  }

  @Test
  void theBundledIndexReadsOnlyTheGroupsOfTheKindsAskedForAndNeverTheNames() {
    List<String> read = new java.util.ArrayList<>();
    ClassLoader counting = new ClassLoader(CrdIndexTest.class.getClassLoader()) {
      @Override
      public java.io.InputStream getResourceAsStream(String name) {
        read.add(name);
        return super.getResourceAsStream(name);
      }
    };
    String root = "dev/condlint/rules/schema/crd-index/";
    CrdIndex index = CrdIndex.fromClasspath(counting, root);

    assertEquals(Optional.empty(), index.find("", "v1", "Pod"));
    assertEquals(Optional.empty(), index.find("apps", "v1", "Deployment"));
    assertEquals(List.of(root + "index.json"), read, "a core kind, or a group the index lacks, reads the header alone");
    assertEquals("FalconNodeSensor", index.find("falcon.crowdstrike.com", "v1alpha1", "FalconNodeSensor").orElseThrow().kind());
    assertEquals("Eamli", index.find("eamli.com", "v1alpha1", "Eamli").orElseThrow().kind());
    index.find("falcon.crowdstrike.com", "v1alpha1", "FalconAdmission");
    assertEquals(List.of(root + "index.json", root + "items.json", root + "groups/falcon.crowdstrike.com.json",
        root + "groups/eamli.com.json"), read, "each group once, when a kind of it is asked for; names.json never");
  }

  @Test
  void aKindMissingAtTheObjectsVersionTakesTheNearestVersionAndSaysSo() {
    SchemaMatch match = KindSchemas.of(List.of(INDEX)).find("example.com", "v1", "Gadget").orElseThrow();

    assertEquals("v1beta1", match.schema().version());
    assertEquals("CRD schema of example.com/Gadget v1beta1 (the nearest version to v1 it has), example/catalog@fedcba9",
        match.describe("Gadget"));
    SchemaMatch exact = KindSchemas.of(List.of(INDEX)).find("example.com", "v1", "Widget").orElseThrow();
    assertEquals("CRD schema of example.com/Widget v1, example/widgets@0123456", exact.describe("Widget"));
  }

  @Test
  void theObjectsOwnVersionInALaterSourceComesBeforeTheNearestInAnEarlierOne() {
    KindSchemaSource onlyV1beta1 = source(kind("v1beta1", "first"));
    KindSchemaSource v1 = source(kind("v1", "second"));

    SchemaMatch match = KindSchemas.of(List.of(onlyV1beta1, v1)).find("example.com", "v1", "Gadget").orElseThrow();
    assertEquals("second", match.schema().origin().name());
    assertEquals("first", KindSchemas.of(List.of(onlyV1beta1, source(kind("v1beta1", "second"))))
        .find("example.com", "v1", "Gadget").orElseThrow().schema().origin().name(), "among equals, the earlier source");
    assertEquals(List.of("v1", "v1beta1"), KindSchemas.of(List.of(onlyV1beta1, v1)).versions("example.com", "Gadget"));
  }

  @Test
  void aSourceThatCanOnlyBeAskedPerVersionGivesNoNearestVersion() {
    KindSchema v1beta1 = kind("v1beta1", "template");
    KindSchemaSource template = new KindSchemaSource() {
      @Override
      public Optional<KindSchema> find(String group, String version, String kind) {
        return version.equals("v1beta1") ? Optional.of(v1beta1) : Optional.empty();
      }

      @Override
      public List<KindSchema> versions(String group, String kind) {
        return List.of();
      }
    };
    assertEquals(Optional.empty(), KindSchemas.of(List.of(template)).find("example.com", "v1", "Gadget"));
    assertEquals(Optional.of(new SchemaMatch(v1beta1, "v1beta1")),
        KindSchemas.of(List.of(template)).find("example.com", "v1beta1", "Gadget"));
  }

  private static KindSchema kind(String version, String source) {
    return new KindSchema("example.com", "Gadget", version, java.util.Map.of(), new SchemaOrigin(source, source));
  }

  private static KindSchemaSource source(KindSchema... kinds) {
    return new KindSchemaSource() {
      @Override
      public Optional<KindSchema> find(String group, String version, String kind) {
        return List.of(kinds).stream().filter(k -> k.version().equals(version)).findFirst();
      }

      @Override
      public List<KindSchema> versions(String group, String kind) {
        return List.of(kinds);
      }
    };
  }
}
