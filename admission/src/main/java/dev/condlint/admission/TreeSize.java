package dev.condlint.admission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;

/**
 * About how many bytes of heap a Jackson tree takes on a 64-bit JVM with compressed references, erring
 * high: what a request's decoded objects hold while they wait for and go through the rules. Per node:
 * an object node and its {@code LinkedHashMap} (with its table), an array node and its {@code
 * ArrayList}, a text node and its {@code String}, a number node; per field of an object, a map entry
 * and its key. The characters of the strings are not counted here: the caller adds the JSON text the
 * tree was read from, whose UTF-8 bytes are at least the bytes of its strings (Latin-1 strings take a
 * byte per character, others two per UTF-16 unit, and UTF-8 takes at least as many). Shared singletons
 * (null, booleans, missing) cost nothing.
 */
final class TreeSize {
  /** An empty object node: the node, its map and the map's first table. */
  static final long OBJECT = 16 + 56 + 16 + 16 * 4;
  /** An empty array node: the node, its list and the list's first array. */
  static final long ARRAY = 16 + 24 + 16 + 10 * 4;
  // A map entry (LinkedHashMap.Entry), and its key as a String of its own with its byte array.
  static final long FIELD = 40 + 24 + 16;
  static final long TEXT = 16 + 24 + 16;
  static final long NUMBER = 24;

  private TreeSize() {}

  /**
   * A container's own bytes, without its children's: for a container built around children that
   * are counted elsewhere (or are another tree's, and shared).
   */
  static long ofContainer(JsonNode container) {
    return container.isObject()
        ? OBJECT + (4L + FIELD) * container.size()
        : ARRAY + 4L * container.size();
  }

  static long of(JsonNode root) {
    long bytes = 0;
    Deque<JsonNode> todo = new ArrayDeque<>();
    todo.push(root);
    while (!todo.isEmpty()) {
      JsonNode node = todo.pop();
      switch (node.getNodeType()) {
        case OBJECT -> {
          bytes += OBJECT + 4L * node.size();
          Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
          while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            bytes += FIELD;
            todo.push(field.getValue());
          }
        }
        case ARRAY -> {
          bytes += ARRAY + 4L * node.size();
          node.elements().forEachRemaining(todo::push);
        }
        case STRING -> bytes += TEXT;
        case NUMBER, BINARY, POJO -> bytes += NUMBER;
        default -> {
          // null, booleans and missing nodes are shared.
        }
      }
    }
    return bytes;
  }
}
