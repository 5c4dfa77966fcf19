package dev.condlint.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.model.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Elision comments ({@code # ...}, {@code # other fields omitted}) and the mapping each one marks as
 * partial: by indentation, the innermost mapping whose keys stand at or left of the comment; a
 * {@code key:} with only the comment under it; the key a trailing comment follows.
 */
class ElisionsTest {

  /** Each document's partial mappings: pointer to the comment's line:column. */
  private static List<Map<String, String>> elisions(String yaml) {
    List<Map<String, String>> out = new ArrayList<>();
    for (ParsedDocument d : new YamlReader().read("t.yaml", yaml).documents()) {
      Map<String, String> one = new java.util.TreeMap<>();
      d.elisions().forEach((pointer, at) -> one.put(pointer, at.line() + ":" + at.column()));
      out.add(one);
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"...", " ... ", "…", "(...)", "[…]", " ... omitted for brevity ...", "(other fields not shown)",
      "Omitted", "fields elided", "output truncated", "snip", "<snipped>", "abbreviated", "rest of the spec",
      "... more fields", "…and so on", "other fields as above"})
  void commentsThatSayContentIsLeftOut(String text) {
    assertEquals(true, Elisions.isElision(text), text);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", ".", "the size in GiB", "snippet from the docs", "see the guide...", "a.b.c",
      "condlint:ignore sample-schema", "Source: chart/templates/widget.yaml", "omitting nothing"})
  void commentsThatSayNothingIsLeftOut(String text) {
    assertEquals(false, Elisions.isElision(text), text);
  }

  @Test
  void aCommentBelongsToTheInnermostMappingWhoseKeysStandAtOrLeftOfIt() {
    assertEquals(List.of(Map.of("/spec", "6:3", "", "7:1", "/status/conditions/0", "11:5")), elisions("""
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w}
        spec:
          size: 3
          # ... omitted for brevity ...
        # (other fields not shown)
        status:
          conditions:
          - type: Ready
            # ...
            status: "True"
        """));
  }

  @Test
  void aCommentRightUnderAKeyWithNothingElseMakesThatKeyAPartialMapping() {
    assertEquals(List.of(Map.of("/spec", "5:3")), elisions("""
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w}
        spec:
          # ...
        status: {}
        """));
    // At the key's column the comment is the object's, and spec is a null like any other.
    assertEquals(List.of(Map.of("", "5:1")), elisions("""
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w}
        spec:
        # ...
        status: {}
        """));
  }

  @Test
  void aTrailingCommentMarksTheMappingOrNullOfTheKeyItFollows() {
    assertEquals(List.of(Map.of("/spec", "4:7", "/status", "5:9")), elisions("""
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w}
        spec: # ... omitted
        status: # rest of status
          phase: Ready
          replicas: 3  # ...
        """));
  }

  @Test
  void commentsAboveTheFirstKeyAndOtherCommentsMarkNothing() {
    assertEquals(List.of(Map.of(), Map.of("/spec", "11:3")), elisions("""
        # ... an excerpt of the widget docs
        apiVersion: example.com/v1
        kind: Widget
        spec:
          size: 3 # the size in GiB
        ---
        # other fields are omitted in the next example
        apiVersion: example.com/v1
        kind: Widget
        spec:
          # ...
        """));
  }

  @Test
  void aDocumentEndMarkerIsNoComment() {
    assertEquals(List.of(Map.of(), Map.of()), elisions("""
        apiVersion: example.com/v1
        kind: Widget
        spec:
          size: 3 # GiB
        ...
        ---
        apiVersion: example.com/v1
        kind: Widget
        spec: {}
        ...
        """));
  }

  @Test
  void theItemsOfAListAreMarkedEachAsAnObjectOfItsOwn() {
    List<Document> objects = YamlDocuments.load("t.yaml", """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: example.com/v1
          kind: Widget
          spec:
            # ...
        - apiVersion: example.com/v1
          kind: Widget
          spec:
            size: 3
        """).documents();

    assertEquals(List.of(Optional.of(new Position(7, 5)), Optional.empty()),
        objects.stream().map(d -> d.source().elision("/spec")).toList());
    assertEquals(List.of(Optional.of(new Position(7, 5)), Optional.empty()),
        objects.stream().map(d -> d.source().partial("/spec/image")).toList());
  }

  @Test
  void aTextWithoutACueCollectsNoComment() {
    assertEquals(false, Elisions.mayHold("kind: Widget # a widget\nspec: {}\n"));
    assertEquals(true, Elisions.mayHold("kind: Widget # a widget\nspec:\n  # ...\n"));
    assertEquals(true, Elisions.mayHold("kind: Widget\n# Fields Omitted\n"));
    assertEquals(false, Elisions.mayHold("kind: Widget\n...\n"));
  }
}
