package dev.condlint.rules.catalogue.deadline;

import dev.condlint.model.Condition;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** RFC 3339 timestamps of Kubernetes objects, and how long ago they were. */
final class Timestamps {
  private Timestamps() {}

  /** Whether more than {@code deadline} has passed from {@code since} to {@code now}. */
  static boolean olderThan(Instant since, Duration deadline, Instant now) {
    return Duration.between(since, now).compareTo(deadline) > 0;
  }

  /**
   * The condition's lastTransitionTime when it lies more than {@code deadline} before {@code now};
   * empty when it is recent, absent or not a timestamp (A12, A13 and A06 report those).
   */
  static Optional<Instant> transitionOlderThan(Condition condition, Duration deadline, Instant now) {
    return condition.lastTransitionTime().filter(t -> olderThan(t, deadline, now));
  }
}
