package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the condition lists of an object. {@code status.conditions} always counts (whatever its
 * shape); below it, any array field named {@code conditions} whose elements are objects with a
 * {@code type} counts too (Gateway API listeners and parents, prometheus-operator bindings).
 */
public final class ConditionLists {
  private static final int MAX_DEPTH = 16;

  private ConditionLists() {}

  public static List<ConditionList> find(JsonNode object) {
    List<ConditionList> lists = new ArrayList<>();
    JsonNode status = object.path("status");
    if (!status.isObject()) {
      return lists;
    }
    if (status.has("conditions")) {
      lists.add(new ConditionList("/status/conditions", status.get("conditions")));
    }
    Iterator<Map.Entry<String, JsonNode>> fields = status.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> e = fields.next();
      // A scalar holds no list: no pointer is built for it (a status can have thousands).
      if (!e.getKey().equals("conditions") && e.getValue().isContainerNode()) {
        walk(e.getValue(), Pointers.append("/status", e.getKey()), 1, lists);
      }
    }
    return lists;
  }

  /** The list at this pointer, if {@code lists} has one. */
  public static Optional<ConditionList> at(List<ConditionList> lists, String pointer) {
    return lists.stream().filter(l -> l.pointer().equals(pointer)).findFirst();
  }

  private static void walk(JsonNode node, String pointer, int depth, List<ConditionList> out) {
    if (depth > MAX_DEPTH) {
      return;
    }
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        if (node.get(i).isContainerNode()) {
          walk(node.get(i), Pointers.append(pointer, i), depth + 1, out);
        }
      }
    } else if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> e = fields.next();
        if (!e.getValue().isContainerNode()) {
          continue;
        }
        String child = Pointers.append(pointer, e.getKey());
        if (e.getKey().equals("conditions") && looksLikeConditions(e.getValue())) {
          out.add(new ConditionList(child, e.getValue()));
        } else {
          walk(e.getValue(), child, depth + 1, out);
        }
      }
    }
  }

  private static boolean looksLikeConditions(JsonNode node) {
    if (!node.isArray() || node.isEmpty()) {
      return false;
    }
    for (JsonNode item : node) {
      if (item.isObject() && item.has("type")) {
        return true;
      }
    }
    return false;
  }
}
