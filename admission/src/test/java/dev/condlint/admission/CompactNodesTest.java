package dev.condlint.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactNodesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The same operations on a compact map and a LinkedHashMap, compared after each step. */
  @Test
  void behavesAsALinkedHashMapBelowAndBeyondTheArraysSize() {
    for (int n : new int[] {0, 1, 6, 8, 9, CompactNodes.Fields.LINEAR, CompactNodes.Fields.LINEAR + 1, 40}) {
      Map<String, JsonNode> compact = new CompactNodes.Fields();
      Map<String, JsonNode> linked = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        assertEquals(linked.put("k" + i, TextNode.valueOf("v" + i)), compact.put("k" + i, TextNode.valueOf("v" + i)));
      }
      assertAlike(linked, compact);
      // A repeated key keeps its first place and takes the last value.
      assertEquals(linked.put("k0", TextNode.valueOf("again")), compact.put("k0", TextNode.valueOf("again")));
      assertAlike(linked, compact);
      assertEquals(linked.remove("k" + (n / 2)), compact.remove("k" + (n / 2)));
      assertEquals(linked.remove("absent"), compact.remove("absent"));
      assertAlike(linked, compact);
      // Removal through the iterator, every other field.
      removeEveryOther(linked);
      removeEveryOther(compact);
      assertAlike(linked, compact);
      assertEquals(linked.put("last", TextNode.valueOf("x")), compact.put("last", TextNode.valueOf("x")));
      assertAlike(linked, compact);
      compact.clear();
      linked.clear();
      assertAlike(linked, compact);
    }
  }

  private static void removeEveryOther(Map<String, JsonNode> map) {
    Iterator<Map.Entry<String, JsonNode>> i = map.entrySet().iterator();
    boolean remove = false;
    while (i.hasNext()) {
      i.next();
      if (remove) {
        i.remove();
      }
      remove = !remove;
    }
  }

  private static void assertAlike(Map<String, JsonNode> linked, Map<String, JsonNode> compact) {
    assertEquals(new ArrayList<>(linked.entrySet()), new ArrayList<>(compact.entrySet()));
    assertEquals(new ArrayList<>(linked.keySet()), new ArrayList<>(compact.keySet()));
    assertEquals(new ArrayList<>(linked.values()), new ArrayList<>(compact.values()));
    assertEquals(linked.size(), compact.size());
    assertEquals(linked.isEmpty(), compact.isEmpty());
    assertEquals(linked, compact);
    assertEquals(compact, linked);
    assertEquals(linked.hashCode(), compact.hashCode());
    assertEquals(linked.toString(), compact.toString());
    for (String k : linked.keySet()) {
      assertTrue(compact.containsKey(k));
      assertEquals(linked.get(k), compact.get(k));
    }
    assertFalse(compact.containsKey("absent"));
    assertNull(compact.get("absent"));
    List<String> visited = new ArrayList<>();
    compact.forEach((k, v) -> visited.add(k + "=" + v));
    List<String> expected = new ArrayList<>();
    linked.forEach((k, v) -> expected.add(k + "=" + v));
    assertEquals(expected, visited);
  }

  @Test
  void anIteratorFailsOnceTheMapChangedUnderIt() {
    Map<String, JsonNode> compact = new CompactNodes.Fields();
    compact.put("a", TextNode.valueOf("1"));
    compact.put("b", TextNode.valueOf("2"));
    Iterator<Map.Entry<String, JsonNode>> i = compact.entrySet().iterator();
    i.next();
    compact.put("c", TextNode.valueOf("3"));
    assertThrows(ConcurrentModificationException.class, i::next);
    Iterator<Map.Entry<String, JsonNode>> j = compact.entrySet().iterator();
    assertThrows(IllegalStateException.class, j::remove);
  }

  /** An object node built on the compact maps is equal to Jackson's, and writes the same JSON. */
  @Test
  void objectNodesAreEqualToJacksonsAndWriteTheSameJson() throws Exception {
    String text = "{\"b\":1,\"a\":{\"x\":[{\"t\":\"Ready\",\"s\":\"True\"}],\"y\":null},\"b\":2,"
        + "\"many\":{\"f0\":0,\"f1\":1,\"f2\":2,\"f3\":3,\"f4\":4,\"f5\":5,\"f6\":6,\"f7\":7,\"f8\":8,\"f9\":9,"
        + "\"f10\":10,\"f11\":11,\"f12\":12,\"f13\":13,\"f14\":14,\"f15\":15,\"f16\":16,\"f17\":17}}";
    JsonNode jackson = JSON.readTree(text);
    JsonNode compact = copy(jackson);
    assertEquals(jackson, compact);
    assertEquals(compact, jackson);
    assertEquals(jackson.hashCode(), compact.hashCode());
    assertEquals(JSON.writeValueAsString(jackson), JSON.writeValueAsString(compact));
    assertEquals(2, compact.get("b").asInt());
    assertEquals(List.of("b", "a", "many"), iterable(compact.fieldNames()));
    ObjectNode changed = (ObjectNode) compact.deepCopy();
    changed.with("a").put("z", 1);
    changed.remove("b");
    ObjectNode expected = (ObjectNode) jackson.deepCopy();
    expected.with("a").put("z", 1);
    expected.remove("b");
    assertEquals(JSON.writeValueAsString(expected), JSON.writeValueAsString(changed));
  }

  private static JsonNode copy(JsonNode node) {
    if (node.isObject()) {
      ObjectNode object = CompactNodes.INSTANCE.objectNode();
      node.fields().forEachRemaining(f -> object.set(f.getKey(), copy(f.getValue())));
      return object;
    }
    if (node.isArray()) {
      var array = JsonNodeFactory.instance.arrayNode();
      node.elements().forEachRemaining(e -> array.add(copy(e)));
      return array;
    }
    return node;
  }

  private static List<String> iterable(Iterator<String> i) {
    List<String> out = new ArrayList<>();
    i.forEachRemaining(out::add);
    return out;
  }
}
