package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ObjectRef;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * What the status fields of built-in kinds mean where kstatus's rule reads none of them (it calls a
 * CronJob and a PodDisruptionBudget current as soon as they exist): read as the kinds' API documents them.
 */
final class BuiltInStatus {
  private BuiltInStatus() {}

  /** A judgement from a kind's own status fields. */
  record Finding(HealthStatus status, String message, String detail, String basis, String citation) {}

  static final String POLICY_V1 = "kubernetes/api policy/v1/types.go@v0.36.3";
  static final String BATCH_V1 = "kubernetes/api batch/v1/types.go@v0.36.3";

  static Optional<Finding> judge(JsonNode object, ObjectRef kind) {
    if (kind.group().equals("policy") && kind.kind().equals("PodDisruptionBudget")) {
      return disruptionBudget(object);
    }
    if (kind.group().equals("batch") && kind.kind().equals("CronJob")) {
      return cronJob(object);
    }
    return Optional.empty();
  }

  /**
   * "DisruptionsAllowed and other status information is valid only if observedGeneration equals to
   * PDB's object generation" (PodDisruptionBudgetStatus.ObservedGeneration): without one nothing in the
   * status holds yet; currentHealthy below desiredHealthy is a budget not met.
   */
  private static Optional<Finding> disruptionBudget(JsonNode object) {
    JsonNode status = object.path("status");
    if (!status.path("observedGeneration").isIntegralNumber()) {
      String message = "Waiting for the disruption controller to observe the budget";
      return Optional.of(new Finding(HealthStatus.PROGRESSING, message,
          "status.observedGeneration is not set: the status is not valid yet", "status.observedGeneration", POLICY_V1));
    }
    JsonNode current = status.path("currentHealthy");
    JsonNode desired = status.path("desiredHealthy");
    if (current.isIntegralNumber() && desired.isIntegralNumber() && current.asLong() < desired.asLong()) {
      String message = "currentHealthy " + current.asLong() + " is below desiredHealthy " + desired.asLong();
      return Optional.of(new Finding(HealthStatus.DEGRADED, message, message + ": the budget is not met",
          "status.currentHealthy and status.desiredHealthy", POLICY_V1));
    }
    return Optional.empty();
  }

  /**
   * lastScheduleTime is "the last time the job was successfully scheduled", lastSuccessfulTime "the last
   * time the job successfully completed", active "pointers to currently running jobs": a schedule after
   * the last success with no Job running is a run that finished without succeeding.
   */
  private static Optional<Finding> cronJob(JsonNode object) {
    JsonNode status = object.path("status");
    Optional<OffsetDateTime> scheduled = time(status.path("lastScheduleTime"));
    Optional<OffsetDateTime> succeeded = time(status.path("lastSuccessfulTime"));
    boolean running = status.path("active").isArray() && !status.path("active").isEmpty();
    if (scheduled.isPresent() && succeeded.isPresent() && !running && scheduled.get().isAfter(succeeded.get())) {
      String message = "The Job scheduled at " + status.path("lastScheduleTime").asText() + " did not succeed: the last"
          + " success was at " + status.path("lastSuccessfulTime").asText();
      return Optional.of(new Finding(HealthStatus.DEGRADED, message,
          "status.lastScheduleTime is after status.lastSuccessfulTime and no Job is active",
          "status.lastScheduleTime, lastSuccessfulTime and active", BATCH_V1));
    }
    return Optional.empty();
  }

  private static Optional<OffsetDateTime> time(JsonNode node) {
    if (!node.isTextual()) {
      return Optional.empty();
    }
    try {
      return Optional.of(OffsetDateTime.parse(node.asText()));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
