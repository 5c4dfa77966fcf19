package dev.condlint.rules.timing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.GoDuration;
import dev.condlint.model.HumanDuration;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.kstatus.KstatusResult;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Why an object of a system condlint knows by name is not Current, in that system's terms, where kstatus
 * alone cannot tell: kstatus reads conditions, and neither a Landscaper DeployItem's jobs nor an ARC
 * EphemeralRunner's failures are conditions. The result is shaped as kstatus's, with the Reconciling or
 * Stalled condition kstatus would synthesize; empty where the system has nothing to add.
 */
public final class SystemStatus {
  private SystemStatus() {}

  /**
   * The status the object's system gives it, as of {@code now}, with the timing of the object's
   * catalogue entry and the system's default deadlines.
   */
  public static Optional<KstatusResult> of(JsonNode object, Timing timing, Instant now) {
    return of(object, timing, Optional.of(now));
  }

  /**
   * As {@link #of(JsonNode, Timing, Instant)}; without a reference time ({@code now} empty) whatever
   * needs one is not judged (a deadline, a backoff), so the status of a file does not change with the day.
   */
  public static Optional<KstatusResult> of(JsonNode object, Timing timing, Optional<Instant> now) {
    return switch (timing.model()) {
      case LANDSCAPER_DEPLOY_ITEM -> deployItem(DeployItemJob.of(object), timing, now);
      case ARC_EPHEMERAL_RUNNER -> ephemeralRunner(EphemeralRunner.of(object), timing, now);
    };
  }

  private static Optional<KstatusResult> deployItem(DeployItemJob job, Timing timing, Optional<Instant> reference) {
    Optional<LandscaperTimeout> failure = job.timeoutFailure();
    if (failure.isPresent()) {
      return Optional.of(KstatusResult.failed(failure.get().reason(), "DeployItem: " + failure.get().words()
          + job.errorMessage().map(m -> ": " + m).orElse("")
          + (job.isFailed() ? "" : " (yet phase is " + job.phase().map(p -> "\"" + p + "\"").orElse("not set") + ")")));
    }
    if (job.isFinished() && job.isFailed()) {
      String phase = job.phase().orElseThrow();
      return Optional.of(KstatusResult.failed(job.errorReason().orElse(phase), "DeployItem: " + phase
          + job.errorReason().map(r -> ": " + r + job.errorMessage().map(m -> ": " + m).orElse("")).orElse("")));
    }
    if (!job.isPending()) {
      return Optional.empty();
    }
    String id = "job \"" + job.jobId().orElseThrow() + "\"";
    Optional<DeployItemJob.Running> running = job.runningTimeout(timing, Map.of());
    if (running.isEmpty()) {
      return Optional.of(job.isPickedUp()
          ? KstatusResult.inProgress("Aborting", "DeployItem: " + id + " is being aborted, but the " + DeployItemJob.ABORT_TIME_ANNOTATION
              + " annotation '" + job.abortTimeText().orElseThrow() + "' is not an RFC 3339 time, so no aborting timeout runs")
          : KstatusResult.inProgress("WaitingForPickup", "DeployItem: " + id + " waiting for pickup; status.jobIDGenerationTime is"
              + " not set, so no pickup timeout runs"));
    }
    LandscaperTimeout timeout = running.get().timeout();
    Deadline deadline = running.get().deadline();
    Moment start = deadline.start();
    String reason = switch (timeout) {
      case PICKUP -> "WaitingForPickup";
      case PROGRESSING -> job.phase().orElse("Progressing");
      case ABORTING -> "Aborting";
    };
    String state = switch (timeout) {
      case PICKUP -> " waiting for pickup";
      case PROGRESSING -> " in phase " + job.phase().orElse("Progressing");
      case ABORTING -> " being aborted";
    };
    if (reference.isEmpty()) {
      return Optional.of(KstatusResult.inProgress(reason, "DeployItem: " + id + state + " since " + start.field() + " "
          + start.at() + "; the " + timeout.words() + " is not judged without a reference time"));
    }
    Instant now = reference.get();
    String since = " since " + start.field() + " " + HumanDuration.ago(start.at(), now);
    if (deadline.reachedBy(now)) {
      String notState = switch (timeout) {
        case PICKUP -> " not picked up";
        case PROGRESSING -> " in progress";
        case ABORTING -> " not aborted";
      };
      return Optional.of(KstatusResult.failed(timeout.reason(), "DeployItem: " + timeout.words() + ": " + id + notState
          + since + ", longer than " + deadline.describeLength() + "; the Landscaper has not marked it Failed yet"));
    }
    String limit = deadline.end()
        .map(end -> timeout.words() + " " + deadline.describeLength() + " at " + end)
        .orElse("no " + timeout.words() + " (" + deadline.lengthSource() + ")");
    return Optional.of(KstatusResult.inProgress(reason, "DeployItem: " + id + state + since + "; " + limit));
  }

  private static Optional<KstatusResult> ephemeralRunner(EphemeralRunner runner, Timing timing, Optional<Instant> reference) {
    if (runner.isDeleting()) {
      return Optional.empty();
    }
    if (runner.isFailed()) {
      String reason = runner.reason().orElse(EphemeralRunner.FAILED);
      return Optional.of(KstatusResult.failed(reason, "EphemeralRunner: Failed" + runner.reason().map(r -> " (" + r + ")").orElse("")
          + runner.message().map(m -> ": " + m).orElse("") + "; ARC leaves a Failed runner in place, counted among its"
          + " set's runners, until it is deleted"));
    }
    RunnerFailures failures = runner.failures();
    if (failures.count() == 0 || runner.isRunning()) {
      return Optional.empty();
    }
    String failed = "EphemeralRunner: pod failed " + failures.count() + (failures.count() == 1 ? " time" : " times");
    if (!failures.booleans().isEmpty()) {
      return Optional.of(KstatusResult.inProgress("PodFailed", failed + ", recorded without times, as an ARC controller older than"
          + " gha-runner-scale-set 0.12.0 records them"));
    }
    if (failures.count() > timing.maxFailures()) {
      return Optional.of(KstatusResult.inProgress("TooManyPodFailures", failed + ", more than " + timing.maxFailures()
          + ": ARC deletes the runner and its set creates a new one"));
    }
    Optional<RunnerFailures.Failure> latest = failures.latest();
    if (latest.isEmpty()) {
      return Optional.empty();
    }
    Instant last = latest.get().time().orElseThrow();
    Duration backoff = timing.backoffAfter(failures.count());
    Instant next = last.plus(backoff);
    if (reference.isEmpty()) {
      return Optional.of(KstatusResult.inProgress(runner.phase().filter(p -> !p.isEmpty()).orElse("Pending"), failed
          + ", last at " + last + "; whether ARC still backs off is not judged without a reference time"));
    }
    Instant now = reference.get();
    String lastAt = failed + ", last at " + HumanDuration.ago(last, now);
    return Optional.of(now.isBefore(next)
        ? KstatusResult.inProgress("BackingOff", lastAt + "; ARC waits " + GoDuration.format(backoff) + ", until " + next
            + ", before it creates the next pod")
        : KstatusResult.inProgress(runner.phase().filter(p -> !p.isEmpty()).orElse("Pending"), lastAt
            + runner.phase().map(p -> "; phase " + p).orElse("")));
  }
}
