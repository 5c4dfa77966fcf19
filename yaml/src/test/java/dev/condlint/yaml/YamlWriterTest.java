package dev.condlint.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class YamlWriterTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private static String yaml(JsonNode tree) throws IOException {
    StringWriter out = new StringWriter();
    YamlWriter.write(tree, out);
    return out.toString();
  }

  /** The tree as JSON text: the reader gives every integer as a long, Jackson small ones as ints. */
  private static String readBack(String text) {
    YamlDocuments.Loaded loaded = YamlDocuments.documents("saved.yaml", text);
    assertEquals(List.of(), loaded.problems());
    assertEquals(1, loaded.documents().size(), text);
    return loaded.documents().get(0).object().toString();
  }

  @Test
  void writesBlockYamlAsKubectlDoes() throws IOException {
    JsonNode object = JSON.readTree("""
        {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web","labels":{}},
         "status":{"conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2024-05-01T00:00:00Z",
           "observedGeneration":3,"message":"two\\nlines"}],"ratio":0.5,"hostIP":null,"ok":true,"ports":[]}}""");

    assertEquals("""
        apiVersion: v1
        kind: Pod
        metadata:
          name: web
          labels: {}
        status:
          conditions:
          - type: Ready
            status: "True"
            lastTransitionTime: 2024-05-01T00:00:00Z
            observedGeneration: 3
            message: |-
              two
              lines
          ratio: 0.5
          hostIP: null
          ok: true
          ports: []
        """, yaml(object));
    // What lint reads from a saved file: one Kubernetes object, the same tree.
    YamlDocuments.Loaded objects = YamlDocuments.load("saved.yaml", yaml(object));
    assertEquals(0, objects.skipped());
    assertEquals(List.of(object.toString()), objects.documents().stream().map(d -> d.object().toString()).toList());
  }

  /** Strings that a YAML 1.1 reader (kubectl, condlint) would turn into booleans, numbers or null. */
  @ParameterizedTest
  @ValueSource(strings = {"yes", "No", "on", "OFF", "y", "True", "~", "null", "", "1_000", "0x1F", "017", "1e3",
      ".5", ".inf", "-.Inf", ".NaN", "42", "-7"})
  void quotesWhatYaml11WouldNotReadAsAString(String value) throws IOException {
    ObjectNode object = F.objectNode().put("reason", value);

    assertEquals("reason: \"" + value + "\"\n", yaml(object));
    assertEquals(object.toString(), readBack(yaml(object)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"Ready", "2024-05-01T00:00:00Z", "a: b", "- x", "#x", "x #y", "'q'", "\"q\"", "tab\there",
      "bell\u0007", "é ✓ 日本", "trailing ", " leading", "line\n", "two\n\nblank", "crlf\r\nline", "\u0085next",
      "{a: b}", "[1]", "*alias", "&anchor", "!tag", "%percent", "@at", "`tick", "?q", "|pipe", ">gt", "0.0.1",
      "09", "1:20", "=", "<<", "sep\u2028arator", "\uFEFFbom", "esc\u001B[31m", "del\u007F"})
  void readsBackEveryStringAsItWas(String value) throws IOException {
    ObjectNode object = F.objectNode();
    object.put("message", value);
    object.put(value.isEmpty() ? "empty" : value, "as a key");

    assertEquals(object.toString(), readBack(yaml(object)));
  }

  @Test
  void readsBackNumbersOfEveryKind() throws IOException {
    ArrayNode numbers = F.arrayNode()
        .add(0).add(-1).add(Long.MAX_VALUE).add(F.numberNode(new BigInteger("123456789012345678901234567890")))
        .add(1.5).add(-0.25).add(1.0E10).add(1.0);
    ObjectNode object = F.objectNode().set("numbers", numbers);

    assertEquals(object.toString(), readBack(yaml(object)));
  }

  @Test
  void readsBackNestedEmptyAndNullValues() throws IOException {
    JsonNode object = JSON.readTree("""
        {"a":{"b":[[],[{}],[[1,[2]]],{"c":null}],"d":[null,true,false]},"e":[{"f":[{"g":"h"}]}]}""");

    assertEquals(object.toString(), readBack(yaml(object)));
  }
}
