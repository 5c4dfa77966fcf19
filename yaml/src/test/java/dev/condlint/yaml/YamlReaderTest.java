package dev.condlint.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.Position;
import dev.condlint.model.ScalarSource;
import dev.condlint.model.SourceProblem;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class YamlReaderTest {
  private final YamlReader reader = new YamlReader();

  @Test
  void recordsEachNodeByPointerAtItsValueOrForACollectionAtItsKey() {
    ParsedFile file =
        reader.read(
            "a.yaml",
            """
            kind: Thing
            status:
              conditions:
              - type: Ready
                status: "True"
            """);
    ParsedDocument doc = file.documents().get(0);
    assertEquals(new Position(1, 1), doc.position("").orElseThrow());
    assertEquals(new Position(1, 7), doc.position("/kind").orElseThrow());
    assertEquals(new Position(2, 1), doc.position("/status").orElseThrow());
    assertEquals(new Position(3, 3), doc.position("/status/conditions").orElseThrow());
    assertEquals(new Position(4, 5), doc.position("/status/conditions/0").orElseThrow());
    assertEquals(new Position(5, 13), doc.position("/status/conditions/0/status").orElseThrow());
  }

  @Test
  void aValueWrittenAsNothingIsAtItsColonOrWhereCommentsFollowAtItsKey() {
    ParsedDocument doc = reader.read("a.yaml", """
        kind: Thing
        spec:
          # comments, then the next key
        status:
          reason:
          phase: Ready
        """).documents().get(0);
    // The parser puts an empty value at the next token (line 4 here): the key is where it was written.
    assertEquals(new Position(2, 1), doc.position("/spec").orElseThrow());
    assertEquals(new Position(5, 10), doc.position("/status/reason").orElseThrow());
  }

  @Test
  void resolvesPlainScalarsTheYaml11WayAndRemembersTheirText() {
    ParsedDocument doc =
        reader.read("a.yaml", "a: True\nb: yes\nc: \"True\"\nd: ~\ne: 0x1F\nf: 1.0\ng: Ready\nh: 2024-05-01T12:00:00Z\n")
            .documents()
            .get(0);
    assertEquals("{\"a\":true,\"b\":true,\"c\":\"True\",\"d\":null,\"e\":31,\"f\":1.0,\"g\":\"Ready\","
        + "\"h\":\"2024-05-01T12:00:00Z\"}", doc.root().toString());
    assertEquals(new ScalarSource("yes", true), doc.scalar("/b").orElseThrow());
    assertEquals(new ScalarSource("True", false), doc.scalar("/c").orElseThrow());
  }

  @Test
  void keepsTheLaterValueOfADuplicateKeyAndRecordsBoth() {
    ParsedDocument doc = reader.read("a.yaml", "status:\n  observedGeneration: 1\n  observedGeneration: 2\n")
        .documents()
        .get(0);
    assertEquals(2, doc.root().at("/status/observedGeneration").asInt());
    assertEquals(
        List.of(new DuplicateKeySource("/status/observedGeneration", "observedGeneration",
            new Position(3, 3), new Position(2, 3))),
        doc.duplicateKeys());
    assertEquals(new Position(3, 23), doc.position("/status/observedGeneration").orElseThrow());
  }

  @Test
  void readsEveryDocumentOfAStreamAndSkipsNothingBeforeASyntaxError() {
    ParsedFile file = reader.read("a.yaml", "a: 1\n---\nb: 2\n---\nc: [1, 2\n");
    assertEquals(2, file.documents().size());
    assertEquals(1, file.problems().size());
    assertEquals(6, file.problems().get(0).at().line());
  }

  /**
   * {@code a0: &a0 [ITEMS]}, then {@code a1} to {@code a(LEVELS-1)}, each a list of {@code width}
   * aliases of the one before: a document that expands as {@code width} to the power of the levels.
   */
  private static String aliasChain(String items, int levels, int width) {
    StringBuilder sb = new StringBuilder("a0: &a0 [" + items + "]\n");
    for (int i = 1; i < levels; i++) {
      sb.append("a").append(i).append(": &a").append(i).append(" [");
      for (int j = 0; j < width; j++) {
        sb.append(j == 0 ? "" : ",").append("*a").append(i - 1);
      }
      sb.append("]\n");
    }
    return sb.toString();
  }

  @Test
  void refusesABillionLaughsFileAtTheAliasThatExpandsItTooFar() {
    ParsedFile file = reader.read("bomb.yaml",
        aliasChain("\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"", 10, 9));
    assertTrue(file.documents().isEmpty());
    assertEquals(
        List.of(new SourceProblem(new Position(4, 22), "excessive aliasing: this alias expands the document to 4671"
            + " nodes, 4630 of them through aliases, more than kubectl's YAML reader accepts")),
        file.problems());
  }

  @Test
  void boundsTheNodesAnAliasHeavyDocumentExpandsTo() {
    YamlReader small = new YamlReader(new ReaderLimits(1_000, 200, 1_000_000));
    ParsedFile file = small.read("wide.yaml", aliasChain("1,2,3,4,5,6,7,8,9,10", 4, 10));
    assertEquals("document expands to more than 1000 nodes (aliases included)", file.problems().get(0).message());
  }

  @Test
  void collectsCommentsWithTheirPositionAndWhetherCodePrecedesThem() {
    ParsedFile file =
        reader.read("a.yaml", "# condlint:ignore a -- why\nstatus:\n  phase: Running  # condlint:ignore b\n");
    assertEquals(
        List.of(
            new Comment(new Position(1, 1), " condlint:ignore a -- why", false),
            new Comment(new Position(3, 19), " condlint:ignore b", true)),
        file.comments());
  }

  @Test
  void aReaderThatCollectsNoCommentsReadsTheSameDocuments() {
    YamlReader withoutComments = new YamlReader(ReaderLimits.DEFAULT, false);
    String text = "# Rendered by a pipeline\nstatus:\n  phase: Running  # keep\n";

    ParsedFile file = withoutComments.read("a.yaml", text);
    assertEquals(List.of(), file.comments());
    assertEquals(List.of(new Comment(new Position(3, 19), " keep", true)),
        reader.read("a.yaml", text).comments().subList(1, 2));
    assertEquals(reader.read("a.yaml", text).documents().get(0).root(), file.documents().get(0).root());
    assertEquals(Optional.of(new Position(3, 10)), file.documents().get(0).position("/status/phase"));
  }

  @Test
  void readsJsonAsJsonWithThePositionsOfItsTokens() {
    ParsedDocument doc = reader.read("a.json", "{\n  \"status\": {\"phase\": \"Running\", \"n\": 1, \"ok\": true}\n}\n")
        .documents().get(0);
    assertEquals("{\"status\":{\"phase\":\"Running\",\"n\":1,\"ok\":true}}", doc.root().toString());
    assertEquals(new Position(2, 23), doc.position("/status/phase").orElseThrow());
    assertEquals(new Position(2, 3), doc.position("/status").orElseThrow());
    assertEquals(new ScalarSource("Running", false), doc.scalar("/status/phase").orElseThrow());
    assertEquals(new ScalarSource("true", true), doc.scalar("/status/ok").orElseThrow());
  }

  @Test
  void refusesWhatAJsonDecoderRefusesInATextKubectlReadsAsJson() {
    assertEquals(
        List.of(new SourceProblem(new Position(3, 1), "invalid JSON: Unexpected character ('}' (code 125)): was"
            + " expecting double-quote to start field name")),
        reader.read("a.json", "{\"kind\": \"Widget\",\n \"spec\": {\"a\": 1},\n}\n").problems());
    assertEquals(
        List.of(new SourceProblem(new Position(1, 13), "invalid JSON: Unexpected character ('k' (code 107)): was"
            + " expecting double-quote to start field name")),
        reader.read("a.json", "  {\"a\": 1,  kind: Widget}\n").problems());
  }

  @Test
  void namesTheLineAndColumnOfAnUnclosedJsonArrayOrObjectWithoutTheDecodersSourceDescription() {
    assertEquals(
        List.of(new SourceProblem(new Position(3, 1), "invalid JSON: Unexpected close marker '}': expected ']'"
            + " (for Array starting at line 2, column 19)")),
        reader.read("a.json", "{\n  \"dirs_to_skip\": [\n}\n").problems());
    assertEquals(
        List.of(new SourceProblem(new Position(3, 1), "invalid JSON: Unexpected end-of-input: expected close marker"
            + " for Object (start marker at line 1, column 1)")),
        reader.read("a.json", "{\"kind\": \"Pod\",\n \"spec\": {}\n").problems());
  }

  @Test
  void readsAStreamOfJsonObjectsAsDocumentsAndRecordsTheirDuplicateKeys() {
    ParsedFile file = reader.read("a.json", "{\"a\": 1, \"a\": 2}\n{\"b\": [1, 2]}{\"c\": null}\n");
    assertEquals(List.of(), file.problems());
    assertEquals(List.of("{\"a\":2}", "{\"b\":[1,2]}", "{\"c\":null}"),
        file.documents().stream().map(d -> d.root().toString()).toList());
    assertEquals(List.of(1, 2, 2), file.documents().stream().map(ParsedDocument::firstLine).toList());
    assertEquals(
        List.of(new DuplicateKeySource("/a", "a", new Position(1, 10), new Position(1, 2))),
        file.documents().get(0).duplicateKeys());
  }

  @Test
  void readsYamlThatStartsWithAFlowSequenceAsYaml() {
    ParsedFile file = reader.read("a.yaml", "[1, 2,]\n");
    assertEquals(List.of(), file.problems());
    assertEquals("[1,2]", file.documents().get(0).root().toString());
  }

  @Test
  void findsNodesByPointerThroughListItemsEscapedKeysAndResolvedKeys() {
    ParsedDocument doc =
        reader.read(
            "a.yaml",
            """
            metadata:
              annotations:
                example.com/owner: team~a
            items:
            - kind: A
            - kind: B
            true: plain-boolean-key
            """)
            .documents()
            .get(0);
    assertEquals(new Position(3, 24), doc.position("/metadata/annotations/example.com~1owner").orElseThrow());
    assertEquals(new Position(6, 3), doc.position("/items/1").orElseThrow());
    assertEquals(new Position(6, 9), doc.position("/items/1/kind").orElseThrow());
    assertEquals(new Position(7, 7), doc.position("/true").orElseThrow());
    assertEquals(Optional.empty(), doc.position("/items/2"));
    assertEquals(Optional.empty(), doc.position("/items/01"));
    assertEquals(Optional.empty(), doc.position("/metadata/missing"));
    assertEquals(Optional.empty(), doc.position("/items/0/kind/deeper"));
    assertEquals(Optional.empty(), doc.scalar("/metadata"));
  }

  @Test
  void showsAMergedKeyAtTheAliasItWasMergedThroughAndExplicitKeysBeforeIt() {
    ParsedDocument doc =
        reader.read(
            "a.yaml",
            """
            base: &base
              reason: FromBase
              message: base message
            condition:
              <<: *base
              message: own message
            inline:
              <<: {reason: Inline}
            """)
            .documents()
            .get(0);
    assertEquals("{\"reason\":\"FromBase\",\"message\":\"own message\"}", doc.root().get("condition").toString());
    assertEquals(new Position(5, 7), doc.position("/condition/reason").orElseThrow());
    assertEquals(new Position(6, 12), doc.position("/condition/message").orElseThrow());
    assertEquals(new Position(8, 16), doc.position("/inline/reason").orElseThrow());
    assertEquals(new ScalarSource("FromBase", true), doc.scalar("/condition/reason").orElseThrow());
    assertEquals(List.of(), doc.duplicateKeys());
  }

  @Test
  void showsAnAliasedNodeAtTheAliasWithTheTextOfItsAnchor() {
    ParsedDocument doc = reader.read("a.yaml", "a: &flag yes\nb: *flag\nc: &list [1, {d: 2}]\ne: [*list]\n")
        .documents().get(0);
    assertEquals("{\"a\":true,\"b\":true,\"c\":[1,{\"d\":2}],\"e\":[[1,{\"d\":2}]]}", doc.root().toString());
    assertEquals(new Position(1, 4), doc.position("/a").orElseThrow());
    assertEquals(new Position(2, 4), doc.position("/b").orElseThrow());
    assertEquals(new ScalarSource("yes", true), doc.scalar("/b").orElseThrow());
    assertEquals(new Position(3, 18), doc.position("/c/1/d").orElseThrow());
    assertEquals(new Position(4, 5), doc.position("/e/0").orElseThrow());
    assertEquals(new Position(4, 5), doc.position("/e/0/1/d").orElseThrow());
  }

  @Test
  void recordsADuplicateKeyOfAnAnchoredMappingOnceHoweverOftenItIsUsed() {
    ParsedDocument doc = reader.read("a.yaml", "a: &m {x: 1, x: 2}\nb: *m\nc: [*m, *m]\n").documents().get(0);
    assertEquals(
        List.of(new DuplicateKeySource("/a/x", "x", new Position(1, 14), new Position(1, 8))),
        doc.duplicateKeys());
  }

  @Test
  void readsTwoHundredAliasesOfASmallFile() {
    StringBuilder yaml = new StringBuilder("ready: &ready {type: Ready, status: \"True\", reason: Done}\nconditions:\n");
    for (int i = 0; i < 200; i++) {
      yaml.append("- *ready\n");
    }
    ParsedFile file = reader.read("aliases.yaml", yaml.toString());

    assertEquals(List.of(), file.problems());
    assertEquals(200, file.documents().get(0).root().get("conditions").size());
    assertEquals(new Position(202, 3), file.documents().get(0).position("/conditions/199/reason").orElseThrow());
  }

  @Test
  void refusesAnAliasUsedInsideTheNodeItNamesOrBeforeItsAnchor() {
    assertEquals(
        List.of(new SourceProblem(new Position(2, 8), "alias *a is used inside the node it names")),
        reader.read("a.yaml", "x: 1\ny: &a [*a]\n").problems());
    assertEquals(
        List.of(new SourceProblem(new Position(1, 4), "alias *b names no anchor (an anchor &b must come before it)")),
        reader.read("a.yaml", "x: *b\ny: &b 1\n").problems());
  }

  @Test
  void refusesAnAliasThatNestsTheDocumentTooDeeplyAtTheAlias() {
    StringBuilder yaml = new StringBuilder("a0: &a0 " + "[".repeat(150) + "]".repeat(150) + "\n");
    yaml.append("a1: &a1 ").append("[".repeat(100)).append("*a0").append("]".repeat(100)).append("\n");
    ParsedFile file = reader.read("deep.yaml", yaml.toString());

    assertEquals(
        List.of(new SourceProblem(new Position(2, 109), "document is nested deeper than 200 levels (through alias *a0)")),
        file.problems());
  }

  @Test
  void refusesAMappingKeyThatIsNoScalarAtTheKey() {
    assertEquals(
        List.of(new SourceProblem(new Position(2, 5), "mapping keys must be scalars")),
        reader.read("a.yaml", "a: 1\nb: {[x]: 1}\n").problems());
  }

  @Test
  void recordsTheFullPointerOfADuplicateKeyInsideAList() {
    ParsedDocument doc =
        reader.read("a.yaml", "status:\n  conditions:\n  - type: A\n    type: B\n").documents().get(0);
    assertEquals(
        List.of(new DuplicateKeySource("/status/conditions/0/type", "type", new Position(4, 5), new Position(3, 5))),
        doc.duplicateKeys());
    assertEquals(new Position(4, 11), doc.position("/status/conditions/0/type").orElseThrow());
  }

  @Test
  void placesAFlowDocumentTooDeepWhereItPassesTheDepthLimit() {
    // Deep enough to overflow any thread's stack if it were composed recursively; the root is level 0.
    String deep = "[".repeat(200_000) + "]".repeat(200_000);
    ParsedFile file = reader.read("deep.yaml", "kind: First\n---\n" + deep + "\n");

    assertEquals(1, file.documents().size());
    assertEquals(List.of(new SourceProblem(new Position(3, 202), "document is nested deeper than 200 levels")), file.problems());
  }
}
