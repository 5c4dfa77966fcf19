package dev.condlint.monitor.assess;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One way an object may be stuck, and from when: {@code since} is when the state began (the summary
 * condition's lastTransitionTime, or the last write of the object's spec), {@code stuckAt} that plus the
 * threshold. The object is stuck by this cause from {@code stuckAt} on, unless an event changes it first.
 *
 * @param condition the summary condition, for a summary cause
 * @param generation metadata.generation and status.observedGeneration, for a generation cause
 * @param basis what makes the condition the kind's summary (the contract's basis), or the rule the
 *     deadline comes from
 */
public record StuckCause(StuckReason reason, Instant since, Duration threshold, Optional<ConditionView> condition,
    OptionalLong generation, OptionalLong observedGeneration, String basis) {

  public Instant stuckAt() {
    return since.plus(threshold);
  }

  public boolean activeAt(Instant now) {
    return !now.isBefore(stuckAt());
  }
}
