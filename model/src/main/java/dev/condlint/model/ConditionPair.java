package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** One condition type across an UPDATE: its old and its new version, paired by type within the same list. */
public record ConditionPair(String type, Condition before, Condition after) {

  public static final String LAST_TRANSITION_TIME = "lastTransitionTime";

  /**
   * The types present in both the old and the new version of each list (lists pair by pointer). A
   * type written twice (rule A04) counts once, by its first occurrence, as kstatus reads it.
   */
  public static List<ConditionPair> of(List<ConditionList> oldLists, List<ConditionList> newLists) {
    List<ConditionPair> pairs = new ArrayList<>();
    for (ConditionList newList : newLists) {
      Optional<ConditionList> oldList = ConditionLists.at(oldLists, newList.pointer());
      if (oldList.isEmpty()) {
        continue;
      }
      List<Condition> conditions = newList.conditions();
      Set<String> seen = new HashSet<>(conditions.size() * 2);
      for (Condition after : conditions) {
        String type = after.type().orElse(null);
        if (type != null && seen.add(type)) {
          Optional<Condition> before = oldList.get().find(type);
          if (before.isPresent()) {
            pairs.add(new ConditionPair(type, before.get(), after));
          }
        }
      }
    }
    return List.copyOf(pairs);
  }

  /**
   * The old status, when old and new are both strings (other values are A05's and A06's to report), else
   * null. Plain code: every transition rule asks it of every pair.
   */
  private String comparableOldStatus() {
    JsonNode old = before.node().get("status");
    JsonNode now = after.node().get("status");
    return old != null && old.isTextual() && now != null && now.isTextual() ? old.asText() : null;
  }

  public boolean statusChanged() {
    String old = comparableOldStatus();
    return old != null && !old.equals(after.status());
  }

  public boolean statusUnchanged() {
    String old = comparableOldStatus();
    return old != null && old.equals(after.status());
  }

  /** Whether the field differs between old and new, a field added or removed included. */
  public boolean changed(String field) {
    return !Objects.equals(before.node().get(field), after.node().get(field));
  }

  /** The fields, in the new condition's order and then the removed ones, whose values differ. */
  public List<String> changedFields() {
    Set<String> names = new LinkedHashSet<>();
    after.node().fieldNames().forEachRemaining(names::add);
    before.node().fieldNames().forEachRemaining(names::add);
    return names.stream().filter(this::changed).toList();
  }

  public Optional<Instant> oldTransitionTime() {
    return before.lastTransitionTime();
  }

  public Optional<Instant> newTransitionTime() {
    return after.lastTransitionTime();
  }

  public String oldTransitionTimeText() {
    return before.text(LAST_TRANSITION_TIME).orElse("");
  }

  public String newTransitionTimeText() {
    return after.text(LAST_TRANSITION_TIME).orElse("");
  }
}
