package dev.condlint.rules.timing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.GoDuration;
import dev.condlint.model.Pointers;
import dev.condlint.model.Rfc3339;
import dev.condlint.rules.contract.Timing;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A Landscaper DeployItem's current job, read as the Landscaper and its deployers read it
 * (gardener/landscaper apis/core/v1alpha1/types_deployitem.go): the Landscaper starts a job by setting
 * {@code status.jobID} to a value other than {@code status.jobIDFinished}, with
 * {@code status.jobIDGenerationTime}; a deployer picks it up by setting {@code status.lastReconcileTime}
 * (no earlier than the generation time); the job ends when {@code jobIDFinished} equals {@code jobID}.
 */
public final class DeployItemJob {
  /** The annotation the Landscaper before v0.53 set, with the abort operation, when the progressing timeout ran out. */
  public static final String ABORT_TIME_ANNOTATION = "landscaper.gardener.cloud/abort-time";

  /** The phases a failed deploy item is in (DeployItemPhase.IsFailed). */
  private static final Set<String> FAILED_PHASES = Set.of("Failed", "DeleteFailed");

  private final JsonNode object;
  private final JsonNode status;

  private DeployItemJob(JsonNode object) {
    this.object = object;
    this.status = object.path("status");
  }

  public static DeployItemJob of(JsonNode object) {
    return new DeployItemJob(object);
  }

  /** {@code status.jobID} when it is a non-empty string. */
  public Optional<String> jobId() {
    return text(status.path("jobID")).filter(s -> !s.isEmpty());
  }

  /** {@code status.jobIDFinished}; empty when absent. */
  public String jobIdFinished() {
    return text(status.path("jobIDFinished")).orElse("");
  }

  /** Whether a job is under way: a jobID that is not the finished one. */
  public boolean isPending() {
    return jobId().filter(id -> !id.equals(jobIdFinished())).isPresent();
  }

  /** Whether the current job is finished: jobIDFinished equals a jobID. */
  public boolean isFinished() {
    return jobId().filter(id -> id.equals(jobIdFinished())).isPresent();
  }

  public Optional<Moment> generationTime() {
    return moment("jobIDGenerationTime", "status", "jobIDGenerationTime");
  }

  public Optional<Moment> lastReconcileTime() {
    return moment("lastReconcileTime", "status", "lastReconcileTime");
  }

  /**
   * Whether a deployer has picked up the current job: a lastReconcileTime that is not before the
   * jobIDGenerationTime (or any, without one), as the Landscaper's HasBeenPickedUp decides.
   */
  public boolean isPickedUp() {
    Optional<Moment> reconciled = lastReconcileTime();
    Optional<Moment> generated = generationTime();
    return reconciled.isPresent() && (generated.isEmpty() || !reconciled.get().at().isBefore(generated.get().at()));
  }

  /**
   * When the deployer started the job: {@code status.transitionTimes.initTime}, from which Landscaper
   * v0.83 and later count the progressing timeout, else {@code status.lastReconcileTime}, from which
   * older ones do (the deployer sets both at once).
   */
  public Optional<Moment> processingStart() {
    return moment("transitionTimes.initTime", "status", "transitionTimes", "initTime").or(this::lastReconcileTime);
  }

  public Optional<String> phase() {
    return text(status.path("phase"));
  }

  /** {@code status.deployItemPhase}: set by Landscaper before v0.52, deprecated since. */
  public Optional<String> deployItemPhase() {
    return text(status.path("deployItemPhase"));
  }

  public boolean isFailed() {
    return phase().filter(FAILED_PHASES::contains).isPresent();
  }

  public Optional<String> errorReason() {
    return text(status.path("lastError").path("reason"));
  }

  public Optional<String> errorMessage() {
    return text(status.path("lastError").path("message"));
  }

  public Optional<Moment> errorUpdateTime() {
    return moment("lastError.lastUpdateTime", "status", "lastError", "lastUpdateTime");
  }

  /**
   * The timeout that failed the current job, by {@code lastError.reason}: only a lastError written
   * since the job started ({@code lastError.lastUpdateTime} not before {@code jobIDGenerationTime})
   * speaks of it; an older one belongs to a job that is over, and without both times nobody can tell.
   */
  public Optional<LandscaperTimeout> timeoutFailure() {
    Optional<Moment> generated = generationTime();
    Optional<Moment> written = errorUpdateTime();
    if (generated.isEmpty() || written.isEmpty() || written.get().at().isBefore(generated.get().at())) {
      return Optional.empty();
    }
    return errorReason().flatMap(LandscaperTimeout::ofReason);
  }

  /** The abort timestamp annotation's text, when set. */
  public Optional<String> abortTimeText() {
    return text(object.path("metadata").path("annotations").path(ABORT_TIME_ANNOTATION));
  }

  /** The abort timestamp, when the annotation holds an RFC 3339 time (the Landscaper writes time.RFC3339). */
  public Optional<Moment> abortTime() {
    return abortTimeText().flatMap(Rfc3339::parse)
        .map(at -> new Moment(at, "the " + ABORT_TIME_ANNOTATION + " annotation", abortTimePointer()));
  }

  public static String abortTimePointer() {
    return Pointers.of("metadata", "annotations", ABORT_TIME_ANNOTATION);
  }

  /**
   * What is wrong with {@code spec.timeout}, when it is set and is not a duration the Landscaper's
   * Duration type decodes (a string: {@code none} or Go syntax).
   */
  public Optional<String> invalidSpecTimeout() {
    JsonNode timeout = object.path("spec").path("timeout");
    if (timeout.isMissingNode() || timeout.isNull()) {
      return Optional.empty();
    }
    if (!timeout.isTextual()) {
      return Optional.of("spec.timeout is " + timeout + ", not a string");
    }
    try {
      GoDuration.parse(timeout.asText());
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of("spec.timeout: " + e.getMessage());
    }
  }

  /**
   * The timeout that runs on the current job, as the Landscaper (and, for the progressing timeout from
   * v0.83, the deployer library) checks them, in their order: none once the job is finished; the
   * pickup timeout until a deployer picks it up (none without a jobIDGenerationTime, as the Landscaper
   * then never times out); the aborting timeout once the abort timestamp annotation is set; else the
   * progressing timeout, of {@code spec.timeout} or else the {@code progressingDefault}.
   *
   * @param overrides deadlines configured by the user, by their deployItemTimeouts key
   */
  public Optional<Running> runningTimeout(Timing timing, Map<String, Optional<Duration>> overrides) {
    if (!isPending()) {
      return Optional.empty();
    }
    if (!isPickedUp()) {
      return generationTime().map(start -> configured(LandscaperTimeout.PICKUP, start, timing, overrides));
    }
    if (abortTimeText().isPresent()) {
      return abortTime().map(start -> configured(LandscaperTimeout.ABORTING, start, timing, overrides));
    }
    return processingStart().map(start -> {
      JsonNode timeout = object.path("spec").path("timeout");
      if (timeout.isMissingNode() || timeout.isNull()) {
        return configured(LandscaperTimeout.PROGRESSING, start, timing, overrides);
      }
      Optional<Duration> length = invalidSpecTimeout().isPresent() ? Optional.empty() : GoDuration.parse(timeout.asText());
      return new Running(LandscaperTimeout.PROGRESSING, new Deadline(start, length, "spec.timeout"));
    });
  }

  /** A timeout of the length the Landscaper's configuration (or condlint's) gives it. */
  private static Running configured(
      LandscaperTimeout timeout, Moment start, Timing timing, Map<String, Optional<Duration>> overrides) {
    return new Running(timeout,
        new Deadline(start, timing.deadline(timeout.key(), overrides), "deployItemTimeouts." + timeout.key()));
  }

  /** A timeout running on the current job. */
  public record Running(LandscaperTimeout timeout, Deadline deadline) {}

  private Optional<Moment> moment(String field, String... path) {
    JsonNode node = object;
    for (String p : path) {
      node = node.path(p);
    }
    String pointer = Pointers.of((Object[]) path);
    return Rfc3339.parse(node).map(at -> new Moment(at, "status." + field, pointer));
  }

  private static Optional<String> text(JsonNode node) {
    return node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
  }
}
