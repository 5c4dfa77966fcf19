package dev.condlint.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.Position;
import dev.condlint.model.SourceProblem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A text's objects, handed on as they are read: a List's items one at a time (issue 17, items 2 and 10). */
class YamlDocumentsTest {

  /** Records what the reader hands on: each object's name and start, and each restart. */
  private static final class Recorder implements YamlDocuments.ObjectSink {
    final List<String> events = new ArrayList<>();
    final List<Document> objects = new ArrayList<>();

    @Override
    public void accept(Document object) {
      objects.add(object);
      events.add(object.object().path("metadata").path("name").asText() + "@"
          + object.source().position("").map(Position::line).orElse(0));
    }

    @Override
    public void restart() {
      objects.clear();
      events.add("restart");
    }
  }

  /** kubectl's order: items before kind. */
  private static final String LIST = """
      apiVersion: v1
      items:
      - apiVersion: v1
        kind: ConfigMap
        metadata: {name: a}
      - apiVersion: v1
        kind: ConfigMap
        metadata:
          name: b
          name: b2
      - not: an object
      kind: List
      metadata: {resourceVersion: ""}
      """;

  @Test
  void aListsItemsAreObjectsWithPointersFromTheItemAndLinesInTheFile() {
    Recorder sink = new Recorder();

    YamlDocuments.Read read = YamlDocuments.objects("list.yaml", LIST, sink);

    assertEquals(new YamlDocuments.Read(List.of(), 1), read);
    assertEquals(List.of("a@3", "b2@6"), sink.events);
    Document b = sink.objects.get(1);
    assertEquals(new Position(10, 11), b.source().position("/metadata/name").orElseThrow());
    assertEquals(List.of(new DuplicateKeySource("/metadata/name", "name", new Position(10, 5), new Position(9, 5))),
        b.source().duplicateKeys());
  }

  @Test
  void theItemsBeforeASyntaxErrorInAListAreHandedOnThoughTheListNeverEnds() {
    Recorder sink = new Recorder();
    String broken = LIST.replace("- not: an object\n", "- not: [an object\n");

    YamlDocuments.Read read = YamlDocuments.objects("list.yaml", broken, sink);

    assertEquals(List.of("a@3", "b2@6"), sink.events);
    assertEquals(1, read.problems().size(), read.problems().toString());
    assertEquals(12, read.problems().get(0).at().line());
  }

  @Test
  void aDocumentWhoseKindAfterItsItemsNamesNoListIsReadAgainWhole() {
    Recorder sink = new Recorder();
    String widget = LIST.replace("kind: List", "kind: Widget").replace("metadata: {resourceVersion: \"\"}", "metadata: {name: w}");

    YamlDocuments.Read read = YamlDocuments.objects("w.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: first}\n---\n"
        + widget, sink);

    assertEquals(new YamlDocuments.Read(List.of(), 0), read);
    assertEquals(List.of("first@1", "a@7", "restart", "first@1", "w@5"), sink.events);
    assertEquals(3, sink.objects.get(1).object().path("items").size());
  }

  @Test
  void twoItemListsInOneDocumentAreReadWholeAsTheTreeReadsThem() {
    Recorder sink = new Recorder();
    String twice = "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: A, metadata: {name: one}}\n"
        + "items:\n- {apiVersion: v1, kind: B, metadata: {name: two}}\n";

    YamlDocuments.objects("twice.yaml", twice, sink);

    assertEquals(List.of("restart", "two@6"), sink.events);
  }

  @Test
  void aSuppressionGoesToTheItemThatHoldsItsTargetLine() {
    String text = """
        # condlint:ignore rule-a
        apiVersion: v1
        items:
        - apiVersion: v1
          kind: ConfigMap
          metadata: {name: a}  # condlint:ignore rule-b
          # condlint:ignore rule-c
        - apiVersion: v1
          kind: ConfigMap
          metadata: {name: b}
        kind: List
        """;

    YamlDocuments.Loaded loaded = YamlDocuments.load("s.yaml", text);

    assertEquals(List.of(), loaded.problems());
    assertEquals(List.of(List.of(2, 6), List.of(8)), loaded.documents().stream()
        .map(d -> d.lineSuppressions().stream().map(s -> s.targetLine()).toList()).toList());
  }

  @Test
  void aJsonListIsReadItemByItemToo() {
    Recorder sink = new Recorder();
    String json = "{\"apiVersion\": \"v1\", \"items\": [\n {\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\","
        + " \"metadata\": {\"name\": \"a\"}},\n 7\n], \"kind\": \"List\"}\n";

    YamlDocuments.Read read = YamlDocuments.objects("list.json", json, sink);

    assertEquals(new YamlDocuments.Read(List.of(), 1), read);
    assertEquals(List.of("a@2"), sink.events);
  }

  @Test
  void whatHasNoApiVersionAndKindIsSkippedAndCountedButAnEmptyDocumentIsNot() {
    YamlDocuments.Loaded loaded = YamlDocuments.load("x.yaml",
        "---\n---\n- a list\n---\nscalar\n---\nkind: Widget\n---\napiVersion: v1\nkind: 7\n");

    assertEquals(new YamlDocuments.Loaded(List.of(), List.of(), 4), loaded);
  }

  @Test
  void aProblemIsReportedAtItsLine() {
    YamlDocuments.Loaded loaded = YamlDocuments.load("x.yaml", "apiVersion: v1\nkind: A\n---\nkind: [\n");

    assertEquals(1, loaded.documents().size());
    assertEquals(List.of(new SourceProblem(new Position(5, 1),
        "while parsing a flow node: expected the node content, but found '<stream end>'")), loaded.problems());
  }
}
