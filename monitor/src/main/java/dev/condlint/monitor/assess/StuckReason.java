package dev.condlint.monitor.assess;

/**
 * Why an object is stuck: the values of the {@code reason} label of {@code condlint_stuck_objects}, a
 * fixed set so that the metric's series stay few. When several hold, the first in this order is the one.
 */
public enum StuckReason {
  /** metadata.generation is ahead of status.observedGeneration for longer than the pickup deadline. */
  GENERATION_NOT_OBSERVED("GenerationNotObserved"),
  /** A summary condition (Ready, Succeeded, ... as the kind's contract names it) has been False too long. */
  SUMMARY_FALSE("SummaryFalse"),
  /** A summary condition has been Unknown too long. */
  SUMMARY_UNKNOWN("SummaryUnknown");

  private final String label;

  StuckReason(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
