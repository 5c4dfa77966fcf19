package dev.condlint.rules.kstatus;

/**
 * A standard condition kstatus synthesizes: {@code Reconciling} or {@code Stalled}, always with
 * status {@code "True"} (the "abnormal-true" convention).
 */
public record KstatusCondition(String type, String status, String reason, String message) {
  public static final String RECONCILING = "Reconciling";
  public static final String STALLED = "Stalled";

  public static KstatusCondition reconciling(String reason, String message) {
    return new KstatusCondition(RECONCILING, "True", reason, message);
  }

  public static KstatusCondition stalled(String reason, String message) {
    return new KstatusCondition(STALLED, "True", reason, message);
  }
}
