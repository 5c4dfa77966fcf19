package dev.condlint.rules.catalogue.systems;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.timing.DeployItemJob;
import dev.condlint.rules.timing.LandscaperTimeout;
import dev.condlint.rules.timing.Moment;
import java.util.Optional;

/** A Landscaper deploy item failed by a timeout whose status fields say otherwise. */
@RuleInfo(
    id = LandscaperTimeoutFailureInconsistent.ID,
    title = "A Landscaper deploy item failed by a timeout has the fields a timeout sets",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "When a timeout fails a deploy item, the Landscaper (or, for the progressing timeout since v0.83, the"
            + " deployer library) writes, in one update: phase Failed (DeleteFailed while the item is deleted),"
            + " jobIDFinished equal to jobID, and lastError with the timeout's reason; before v0.52,"
            + " deployItemPhase Failed too. A reason that no timeout of the item's state can have (PickupTimeout"
            + " on a job a deployer picked up, another timeout on a job none did), or fields that disagree with"
            + " the reason, come from a second writer or a hand edit, and leave the installation reading a job"
            + " as unfinished or a failure as something else. Only a lastError written since the current job"
            + " started (lastError.lastUpdateTime not before status.jobIDGenerationTime) is judged: an older one"
            + " belongs to a job that is over.",
    source =
        "gardener/landscaper pkg/landscaper/controllers/deployitem/reconcile.go (writePickupTimeoutExceeded);"
            + " pkg/deployer/lib/utils.go (HandleReconcileResult); apis/core/v1alpha1/helper/helpers.go"
            + " (SetDeployItemToFailed); reconcile.go@v0.51.0 (deployItemPhase); docs/usage/DeployItemTimeouts.md")
public final class LandscaperTimeoutFailureInconsistent implements ObjectRule {
  static final String ID = "landscaper-timeout-failure-inconsistent";

  @Override
  public void check(ObjectCheck check) {
    if (SystemTiming.of(check, Timing.Model.LANDSCAPER_DEPLOY_ITEM).isEmpty()) {
      return;
    }
    DeployItemJob job = DeployItemJob.of(check.object());
    Optional<LandscaperTimeout> timeout = job.timeoutFailure();
    Optional<String> jobId = job.jobId();
    if (timeout.isEmpty() || jobId.isEmpty()) {
      return;
    }
    String reason = "lastError.reason is " + timeout.get().reason();
    String ofJob = "job \"" + jobId.get() + "\"";
    if (!jobId.get().equals(job.jobIdFinished())) {
      check.report(
          "/status/jobIDFinished",
          reason + ", written since " + ofJob + " started, but jobIDFinished is \"" + job.jobIdFinished()
              + "\", not jobID \"" + jobId.get() + "\": a timeout ends the job, and the item failed by it has"
              + " jobIDFinished set to jobID. Until they match, the Landscaper and its deployers treat " + ofJob
              + " as unfinished.",
          "Let the Landscaper write the item's status; if something else resets jobIDFinished, stop it.");
    }
    if (!job.isFailed()) {
      check.report(
          "/status/phase",
          reason + ", written since " + ofJob + " started, but phase is "
              + job.phase().map(p -> "\"" + p + "\"").orElse("not set") + ": a timeout leaves the item in phase"
              + " Failed (DeleteFailed while it is being deleted).",
          "Let the Landscaper and the deployer write the item's status; a phase changed by hand hides the failure.");
    }
    Optional<String> phase = job.phase();
    Optional<String> deployItemPhase = job.deployItemPhase();
    if (phase.isPresent() && deployItemPhase.isPresent() && !phase.get().equals(deployItemPhase.get())) {
      check.report(
          "/status/deployItemPhase",
          reason + " and phase is \"" + phase.get() + "\", but deployItemPhase is \"" + deployItemPhase.get()
              + "\": the Landscaper before v0.52 sets both to Failed at a timeout, and later ones no longer write"
              + " the deprecated deployItemPhase, so this one is left from an older Landscaper and tells whoever"
              + " still reads it the wrong phase.",
          "Remove status.deployItemPhase, or upgrade what still reads it to read status.phase.");
    }
    reasonMismatch(check, job, timeout.get(), job.generationTime().orElseThrow(), ofJob);
  }

  /** A pickup timeout on a job a deployer picked up, or another timeout on a job none did. */
  private static void reasonMismatch(
      ObjectCheck check, DeployItemJob job, LandscaperTimeout timeout, Moment generated, String ofJob) {
    boolean pickedUp = job.isPickedUp();
    String reconciled = job.lastReconcileTime().map(m -> "status.lastReconcileTime " + m.at()).orElse("");
    if (timeout == LandscaperTimeout.PICKUP && pickedUp) {
      check.report(
          "/status/lastError/reason",
          "lastError.reason is PickupTimeout, but a deployer picked up " + ofJob + ": " + reconciled
              + " is not before status.jobIDGenerationTime " + generated.at() + ". The pickup timeout applies only"
              + " to a job no deployer has picked up.",
          "Find what wrote this reason: the Landscaper writes PickupTimeout only before a deployer reacts.");
    } else if (timeout != LandscaperTimeout.PICKUP && !pickedUp) {
      check.report(
          "/status/lastError/reason",
          "lastError.reason is " + timeout.reason() + ", but no deployer picked up " + ofJob + " ("
              + (reconciled.isEmpty() ? "status.lastReconcileTime is not set" : reconciled + " is before"
                  + " status.jobIDGenerationTime " + generated.at())
              + "): only the pickup timeout applies to a job no deployer has picked up, with reason PickupTimeout.",
          "Find what wrote this reason: the " + timeout.words() + " runs only on a job a deployer has picked up.");
    }
  }
}
