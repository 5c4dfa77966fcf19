package dev.condlint.rules;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A list of conditions found in an object: {@code status.conditions}, or a nested list such as a
 * Gateway's {@code status.listeners[0].conditions}. The node may not even be an array (rule A01).
 */
public record ConditionList(String pointer, JsonNode node) {

  /** True for the object's own {@code /status/conditions}, false for nested lists. */
  public boolean isTopLevel() {
    return "/status/conditions".equals(pointer);
  }

  /** The elements that are JSON objects, with their indexes. */
  public List<Condition> conditions() {
    List<Condition> out = new ArrayList<>();
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        if (node.get(i).isObject()) {
          out.add(new Condition(Pointers.append(pointer, i), i, node.get(i)));
        }
      }
    }
    return out;
  }

  /** The first condition of this type (list order decides, as in kstatus). */
  public Optional<Condition> find(String type) {
    for (Condition c : conditions()) {
      if (c.type().filter(type::equals).isPresent()) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  public boolean isStatus(String type, String status) {
    return find(type).map(c -> status.equals(c.status())).orElse(false);
  }
}
