package dev.condlint.rules.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ConditionLists;
import dev.condlint.model.ConditionPair;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.RemovedCondition;
import dev.condlint.rules.profile.Profile;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The context of a {@link TransitionRule}: the old and the new object of an UPDATE, their condition
 * lists, and what the rules of the UPDATE share about them. Findings point into the new object.
 */
public final class TransitionCheck extends Check {
  private final UpdateContext update;

  public TransitionCheck(
      ObjectRef ref,
      Profile profile,
      Object options,
      Optional<Instant> now,
      UpdateContext update,
      List<Report> reports) {
    super(ref, profile, options, now, reports);
    this.update = update;
  }

  public JsonNode oldObject() {
    return update.oldObject();
  }

  public JsonNode newObject() {
    return update.newObject();
  }

  public List<ConditionList> newConditionLists() {
    return update.newLists();
  }

  /** The old list at the same pointer as a new one, if the old object had it. */
  public Optional<ConditionList> oldListAt(String pointer) {
    return ConditionLists.at(update.oldLists(), pointer);
  }

  /** Each condition type that both the old and the new version of a list hold, old and new paired. */
  public List<ConditionPair> conditionPairs() {
    return update.pairs();
  }

  /** Each condition type that the old version of a list held and the new one lacks. */
  public List<RemovedCondition> removedConditions() {
    return update.removed();
  }
}
