package dev.condlint.rules.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ConditionLists;
import dev.condlint.model.ConditionPair;
import dev.condlint.model.RemovedCondition;
import java.util.List;

/**
 * The work that the transition rules of one UPDATE share: the old and the new object's condition lists,
 * found once, and the pairs of old and new conditions and the removed ones, each computed lazily and at
 * most once, whichever rule asks first. Like the rest of one evaluation, an instance is used by one
 * thread.
 */
public final class UpdateContext {
  private final JsonNode oldObject;
  private final JsonNode newObject;
  private List<ConditionList> oldLists;
  private final List<ConditionList> newLists;
  private List<ConditionPair> pairs;
  private List<RemovedCondition> removed;

  public UpdateContext(JsonNode oldObject, JsonNode newObject) {
    this(oldObject, newObject, ConditionLists.find(newObject));
  }

  /** With the new object's condition lists as {@link ConditionLists#find} gave them (shared with its object pass). */
  public UpdateContext(JsonNode oldObject, JsonNode newObject, List<ConditionList> newLists) {
    this.oldObject = oldObject;
    this.newObject = newObject;
    this.newLists = newLists;
  }

  JsonNode oldObject() {
    return oldObject;
  }

  JsonNode newObject() {
    return newObject;
  }

  List<ConditionList> oldLists() {
    if (oldLists == null) {
      // Found on first use: where no rule asks (an unchanged status), the old status is not walked.
      oldLists = ConditionLists.find(oldObject);
    }
    return oldLists;
  }

  List<ConditionList> newLists() {
    return newLists;
  }

  List<ConditionPair> pairs() {
    if (pairs == null) {
      pairs = ConditionPair.of(oldLists(), newLists);
    }
    return pairs;
  }

  List<RemovedCondition> removed() {
    if (removed == null) {
      removed = RemovedCondition.of(oldLists(), newObject);
    }
    return removed;
  }
}
