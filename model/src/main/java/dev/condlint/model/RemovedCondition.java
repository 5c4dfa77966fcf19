package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A condition type the old version of a list had and the new version lacks; {@code listPointer}
 * names the list in the new object, where findings about the removal point.
 */
public record RemovedCondition(String listPointer, String type, Condition before) {

  /**
   * The removed types of every list. A list whose owner is gone from the new object (a Gateway
   * listener that was removed) took its conditions with it: nothing was removed from a list there.
   * A list that is no longer an array is A01's to report.
   */
  public static List<RemovedCondition> of(List<ConditionList> oldLists, JsonNode newObject) {
    List<RemovedCondition> removed = new ArrayList<>();
    for (ConditionList oldList : oldLists) {
      JsonNode newList = newObject.at(oldList.pointer());
      boolean ownerGone = newObject.at(Pointers.parent(oldList.pointer())).isMissingNode();
      if ((newList.isMissingNode() && ownerGone) || (!newList.isMissingNode() && !newList.isArray())) {
        continue;
      }
      Set<String> newTypes = typesIn(newList);
      Set<String> seen = new HashSet<>();
      for (Condition before : oldList.conditions()) {
        before.type()
            .filter(seen::add)
            .filter(type -> !newTypes.contains(type))
            .ifPresent(type -> removed.add(new RemovedCondition(oldList.pointer(), type, before)));
      }
    }
    return List.copyOf(removed);
  }

  private static Set<String> typesIn(JsonNode list) {
    Set<String> types = new HashSet<>();
    for (JsonNode item : list) {
      JsonNode type = item.path("type");
      if (type.isTextual()) {
        types.add(type.asText());
      }
    }
    return types;
  }
}
