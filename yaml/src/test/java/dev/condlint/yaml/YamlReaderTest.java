package dev.condlint.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
    assertEquals(new SourcePosition(1, 1), doc.positions().get(""));
    assertEquals(new SourcePosition(1, 7), doc.positions().get("/kind"));
    assertEquals(new SourcePosition(2, 1), doc.positions().get("/status"));
    assertEquals(new SourcePosition(3, 3), doc.positions().get("/status/conditions"));
    assertEquals(new SourcePosition(4, 5), doc.positions().get("/status/conditions/0"));
    assertEquals(new SourcePosition(5, 13), doc.positions().get("/status/conditions/0/status"));
  }

  @Test
  void resolvesPlainScalarsTheYaml11WayAndRemembersTheirText() {
    ParsedDocument doc =
        reader.read("a.yaml", "a: True\nb: yes\nc: \"True\"\nd: ~\ne: 0x1F\nf: 1.0\ng: Ready\nh: 2024-05-01T12:00:00Z\n")
            .documents()
            .get(0);
    assertEquals("{\"a\":true,\"b\":true,\"c\":\"True\",\"d\":null,\"e\":31,\"f\":1.0,\"g\":\"Ready\","
        + "\"h\":\"2024-05-01T12:00:00Z\"}", doc.root().toString());
    assertEquals(new ScalarInfo("yes", true), doc.scalars().get("/b"));
    assertEquals(new ScalarInfo("True", false), doc.scalars().get("/c"));
  }

  @Test
  void keepsTheLaterValueOfADuplicateKeyAndRecordsBoth() {
    ParsedDocument doc = reader.read("a.yaml", "status:\n  observedGeneration: 1\n  observedGeneration: 2\n")
        .documents()
        .get(0);
    assertEquals(2, doc.root().at("/status/observedGeneration").asInt());
    assertEquals(
        List.of(new DuplicateKey("/status/observedGeneration", "observedGeneration",
            new SourcePosition(3, 3), new SourcePosition(2, 3))),
        doc.duplicateKeys());
    assertEquals(new SourcePosition(3, 23), doc.positions().get("/status/observedGeneration"));
  }

  @Test
  void readsEveryDocumentOfAStreamAndSkipsNothingBeforeASyntaxError() {
    ParsedFile file = reader.read("a.yaml", "a: 1\n---\nb: 2\n---\nc: [1, 2\n");
    assertEquals(2, file.documents().size());
    assertEquals(1, file.problems().size());
    assertEquals(6, file.problems().get(0).line());
  }

  @Test
  void refusesABillionLaughsFileInsteadOfExpandingIt() {
    StringBuilder sb = new StringBuilder("a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    for (int i = 1; i < 10; i++) {
      sb.append("a").append(i).append(": &a").append(i).append(" [");
      for (int j = 0; j < 9; j++) {
        sb.append(j == 0 ? "" : ",").append("*a").append(i - 1);
      }
      sb.append("]\n");
    }
    ParsedFile file = reader.read("bomb.yaml", sb.toString());
    assertTrue(file.documents().isEmpty());
    assertEquals(1, file.problems().size(), file.problems().toString());
  }

  @Test
  void boundsTheNodesAnAliasHeavyDocumentExpandsTo() {
    YamlReader small = new YamlReader(new ReaderLimits(100, 1_000, 200, 1_000_000));
    StringBuilder sb = new StringBuilder("a0: &a0 [1,2,3,4,5,6,7,8,9,10]\n");
    for (int i = 1; i < 4; i++) {
      sb.append("a").append(i).append(": &a").append(i).append(" [");
      for (int j = 0; j < 10; j++) {
        sb.append(j == 0 ? "" : ",").append("*a").append(i - 1);
      }
      sb.append("]\n");
    }
    ParsedFile file = small.read("wide.yaml", sb.toString());
    assertEquals("document expands to more than 1000 nodes (aliases included)", file.problems().get(0).message());
  }

  @Test
  void collectsCommentsWithTheirPositionAndWhetherCodePrecedesThem() {
    ParsedFile file =
        reader.read("a.yaml", "# condlint:ignore a -- why\nstatus:\n  phase: Running  # condlint:ignore b\n");
    assertEquals(
        List.of(
            new Comment(new SourcePosition(1, 1), " condlint:ignore a -- why", false),
            new Comment(new SourcePosition(3, 19), " condlint:ignore b", true)),
        file.comments());
  }

  @Test
  void readsJsonAsTheYamlSubsetItIs() {
    ParsedDocument doc = reader.read("a.json", "{\n  \"status\": {\"phase\": \"Running\"}\n}\n").documents().get(0);
    assertEquals("Running", doc.root().at("/status/phase").asText());
    assertEquals(new SourcePosition(2, 23), doc.positions().get("/status/phase"));
  }
}
