package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * How to recognise, from the object around a nested condition list, which struct holds it: a core
 * {@code PodStatus} embedded in a custom resource (judged as a Pod's conditions), or a Gateway API
 * {@code RouteParentStatus} / {@code PolicyAncestorStatus} in any group.
 *
 * @param name how findings and {@code explain} call the struct ("an embedded PodStatus")
 * @param keys the struct's characteristic fields
 * @param minKeys how many of them the object must have
 * @param asKind the kind whose {@code status.conditions} contract applies, or empty
 * @param list the list contract that applies, when {@code asKind} is empty
 */
public record Shape(
    String name, List<String> keys, int minKeys, Optional<KindRef> asKind, ListSpec list, String source) {

  /** A group and kind, to borrow its contract. */
  public record KindRef(String group, String kind) {}

  public Shape {
    keys = List.copyOf(keys);
  }

  /** Whether the object holding a condition list looks like this struct. */
  public boolean matches(JsonNode holder) {
    if (!holder.isObject()) {
      return false;
    }
    int found = 0;
    for (String key : keys) {
      if (holder.has(key)) {
        found++;
      }
    }
    return found >= minKeys;
  }
}
