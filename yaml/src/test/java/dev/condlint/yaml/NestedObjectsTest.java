package dev.condlint.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.model.Position;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What counts as an object nested in a document ({@code --nested}), where it stands, and its source map. */
class NestedObjectsTest {
  private static final String TABLE = """
      cases:
      - object:
          apiVersion: v1
          kind: ConfigMap
          metadata: {name: a}
          data:
            inner:
              apiVersion: v1
              kind: Secret
              metadata:
                name: b
        notObjects:
        - {apiVersion: v1, kind: ConfigMap}
        - {apiVersion: v1, kind: ConfigMap, metadata: name}
        - {apiVersion: 1, kind: ConfigMap, metadata: {}}
        - {apiVersion: v1, kind: "", metadata: {}}
      - "a/b":
          apiVersion: v1
          kind: Pod
          metadata: {name: c}
      """;

  private static List<Document> objects(String text, boolean nested) {
    List<Document> out = new ArrayList<>();
    YamlDocuments.objects("t.yaml", text, YamlDocuments.ObjectSink.into(out), nested);
    return out;
  }

  @Test
  void aMappingBelowTheRootWithApiVersionKindAndMetadataIsAnObjectAtItsPointerWithItsOwnPositions() {
    List<Document> found = objects(TABLE, true);

    assertEquals(List.of("/cases/0/object", "/cases/0/object/data/inner", "/cases/1/a~1b"),
        found.stream().map(Document::at).toList());
    assertEquals(List.of("a", "b", "c"), found.stream().map(d -> d.object().path("metadata").path("name").asText()).toList());
    // Pointers of the source map are the object's own; positions are in the file.
    assertEquals(new Position(11, 17), found.get(1).source().position("/metadata/name").orElseThrow());
    assertEquals(new Position(20, 22), found.get(2).source().position("/metadata/name").orElseThrow());
  }

  @Test
  void withoutNestedNothingIsFoundAndTheRootIsNeverNested() {
    assertEquals(List.of(), objects(TABLE, false));
    String object = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: root}\n";
    List<Document> found = objects(object, true);
    assertEquals(List.of(""), found.stream().map(Document::at).toList());
  }

  @Test
  void aListsItemsAreObjectsAsBeforeAndNotLookedInto() {
    String list = """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: ConfigMap
          metadata: {name: a}
          data:
            x: {apiVersion: v1, kind: Secret, metadata: {name: b}}
        """;

    assertEquals(List.of(""), objects(list, true).stream().map(Document::at).toList());
    assertEquals(objects(list, false).get(0).object(), objects(list, true).get(0).object());
  }
}
