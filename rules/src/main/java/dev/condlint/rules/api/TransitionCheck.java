package dev.condlint.rules.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.profile.Profile;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The context of a {@link TransitionRule}: the old and the new object of an UPDATE, and their
 * condition lists. Findings point into the new object.
 */
public final class TransitionCheck extends Check {
  private final JsonNode oldObject;
  private final JsonNode newObject;
  private final List<ConditionList> oldLists;
  private final List<ConditionList> newLists;
  private final Map<Object, Object> shared;

  public TransitionCheck(
      JsonNode oldObject,
      JsonNode newObject,
      ObjectRef ref,
      Profile profile,
      Object options,
      Optional<Instant> now,
      List<ConditionList> oldLists,
      List<ConditionList> newLists,
      Map<Object, Object> shared,
      List<Report> reports) {
    super(ref, profile, options, now, reports);
    this.oldObject = oldObject;
    this.newObject = newObject;
    this.oldLists = oldLists;
    this.newLists = newLists;
    this.shared = shared;
  }

  /**
   * A value computed once per UPDATE and shared by every transition rule, such as the pairs of old
   * and new conditions: the first rule that asks computes it. The value must depend only on the two
   * objects, and be immutable.
   */
  @SuppressWarnings("unchecked")
  public <T> T shared(Object key, Supplier<T> compute) {
    Object value = shared.get(key);
    if (value == null) {
      value = compute.get();
      shared.put(key, value);
    }
    return (T) value;
  }

  public JsonNode oldObject() {
    return oldObject;
  }

  public JsonNode newObject() {
    return newObject;
  }

  public List<ConditionList> oldConditionLists() {
    return oldLists;
  }

  public List<ConditionList> newConditionLists() {
    return newLists;
  }

  /** The old list at the same pointer as a new one, if the old object had it. */
  public Optional<ConditionList> oldListAt(String pointer) {
    return oldLists.stream().filter(l -> l.pointer().equals(pointer)).findFirst();
  }
}
