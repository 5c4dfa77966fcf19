package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A list of conditions found in an object: {@code status.conditions}, or a nested list such as a
 * Gateway's {@code status.listeners[0].conditions}. The node may not even be an array (rule A01).
 *
 * <p>Equal by pointer and node, as the record it was. The engine finds an object's lists once and every
 * rule shares them, so the conditions and the index by type are built once, on first use; like the
 * rest of one evaluation, an instance is used by one thread.
 */
public final class ConditionList {
  private final String pointer;
  private final JsonNode node;
  private List<Condition> conditions;
  private Map<String, Condition> firstByType;
  /** The types that more than one condition of the list has, once {@link #firstByType} is built. */
  private Set<String> repeatedTypes;

  public ConditionList(String pointer, JsonNode node) {
    this.pointer = pointer;
    this.node = node;
  }

  public String pointer() {
    return pointer;
  }

  /** Each condition's node, in list order. */
  public List<JsonNode> conditionNodes() {
    List<Condition> all = conditions();
    JsonNode[] nodes = new JsonNode[all.size()];
    for (int i = 0; i < nodes.length; i++) {
      nodes[i] = all.get(i).node();
    }
    return Collections.unmodifiableList(Arrays.asList(nodes));
  }

  public JsonNode node() {
    return node;
  }

  /** True for the object's own {@code /status/conditions}, false for nested lists. */
  public boolean isTopLevel() {
    return "/status/conditions".equals(pointer);
  }

  /** The elements that are JSON objects, with their indexes (unmodifiable). */
  public List<Condition> conditions() {
    if (conditions == null) {
      List<Condition> out = new ArrayList<>();
      if (node.isArray()) {
        for (int i = 0; i < node.size(); i++) {
          if (node.get(i).isObject()) {
            out.add(Condition.inList(this, i, node.get(i)));
          }
        }
      }
      conditions = Collections.unmodifiableList(out);
    }
    return conditions;
  }

  /** Whether some condition of the list has a {@code type} field. */
  public boolean hasTypedCondition() {
    return conditions().stream().anyMatch(c -> c.has("type"));
  }

  /**
   * Whether no condition of the list has a {@code type} and every one (at least one) has a typed
   * condition's status, the string "True", "False" or "Unknown": a status that says something holds
   * needs a type that says what, so the list is one of typed conditions whose types are missing, not a
   * phase history (Volcano's JobCondition, whose status is a phase: Pending, Running).
   */
  public boolean isUntypedWithConditionStatuses() {
    return !conditions().isEmpty() && !hasTypedCondition() && conditions().stream()
        .allMatch(c -> c.text("status").filter(s -> s.equals(Condition.TRUE) || s.equals(Condition.FALSE)
            || s.equals(Condition.UNKNOWN)).isPresent());
  }

  /** The first condition of this type (list order decides, as in kstatus). */
  public Optional<Condition> find(String type) {
    Objects.requireNonNull(type);
    return Optional.ofNullable(firstByType().get(type));
  }

  /**
   * The first condition of this type whose status is exactly {@code status} (list order decides): the
   * index by type answers it, and only a type that more than one condition has needs a walk of the list.
   */
  public Optional<Condition> firstWith(String type, String status) {
    Objects.requireNonNull(status);
    Condition first = firstByType().get(Objects.requireNonNull(type));
    if (first == null) {
      return Optional.empty();
    }
    if (first.status().equals(status)) {
      return Optional.of(first);
    }
    if (!repeatedTypes.contains(type)) {
      return Optional.empty();
    }
    for (Condition c : conditions()) {
      Optional<String> t = c.type();
      if (t.isPresent() && t.get().equals(type) && c.status().equals(status)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether more than one condition of the list has the same (non-empty string) type: read from the
   * list's index by type, built once per list.
   */
  public boolean hasRepeatedType() {
    firstByType();
    return !repeatedTypes.isEmpty();
  }

  private Map<String, Condition> firstByType() {
    if (firstByType == null) {
      Map<String, Condition> index = new HashMap<>();
      Set<String> repeated = new HashSet<>();
      for (Condition c : conditions()) {
        Optional<String> type = c.type();
        if (type.isPresent() && index.putIfAbsent(type.get(), c) != null) {
          repeated.add(type.get());
        }
      }
      firstByType = index;
      repeatedTypes = repeated;
    }
    return firstByType;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ConditionList other && pointer.equals(other.pointer) && node.equals(other.node);
  }

  @Override
  public int hashCode() {
    return 31 * pointer.hashCode() + node.hashCode();
  }

  @Override
  public String toString() {
    return "ConditionList[pointer=" + pointer + ", node=" + node + "]";
  }
}
