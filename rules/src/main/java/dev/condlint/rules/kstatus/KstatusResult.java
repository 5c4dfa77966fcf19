package dev.condlint.rules.kstatus;

import java.util.List;

/** What kstatus computes for one object: its status, a message, and the synthesized conditions. */
public record KstatusResult(KstatusStatus status, String message, List<KstatusCondition> conditions) {

  public KstatusResult {
    conditions = List.copyOf(conditions);
  }

  static KstatusResult current(String message) {
    return new KstatusResult(KstatusStatus.CURRENT, message, List.of());
  }

  /** InProgress, with the {@code Reconciling} condition kstatus synthesizes for it. */
  public static KstatusResult inProgress(String reason, String message) {
    return new KstatusResult(KstatusStatus.IN_PROGRESS, message, List.of(KstatusCondition.reconciling(reason, message)));
  }

  /** Failed, with the {@code Stalled} condition kstatus synthesizes for it. */
  public static KstatusResult failed(String reason, String message) {
    return new KstatusResult(KstatusStatus.FAILED, message, List.of(KstatusCondition.stalled(reason, message)));
  }
}
