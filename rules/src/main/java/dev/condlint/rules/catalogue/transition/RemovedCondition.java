package dev.condlint.rules.catalogue.transition;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Pointers;
import dev.condlint.rules.api.TransitionCheck;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A condition type the old version of a list had and the new version lacks; {@code listPointer}
 * names the list in the new object, where findings about the removal point.
 */
record RemovedCondition(String listPointer, String type, Condition before) {

  /**
   * The removed types of every list. A list whose owner is gone from the new object (a Gateway
   * listener that was removed) took its conditions with it: nothing was removed from a list there.
   * A list that is no longer an array is A01's to report.
   */
  static List<RemovedCondition> of(TransitionCheck check) {
    return check.shared(RemovedCondition.class, () -> removed(check));
  }

  private static List<RemovedCondition> removed(TransitionCheck check) {
    List<RemovedCondition> removed = new ArrayList<>();
    for (ConditionList oldList : check.oldConditionLists()) {
      JsonNode newList = check.newObject().at(oldList.pointer());
      boolean ownerGone = check.newObject().at(Pointers.parent(oldList.pointer())).isMissingNode();
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
