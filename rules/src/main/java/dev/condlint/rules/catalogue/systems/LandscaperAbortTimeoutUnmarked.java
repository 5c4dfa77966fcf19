package dev.condlint.rules.catalogue.systems;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.timing.DeployItemJob;
import dev.condlint.rules.timing.LandscaperTimeout;
import java.time.Duration;

/** A Landscaper deploy item asked to abort longer ago than the abort timeout, not yet marked failed. */
@RuleInfo(
    id = LandscaperAbortTimeoutUnmarked.ID,
    title = "A Landscaper deploy item past its aborting timeout is marked failed",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Before v0.53, the Landscaper met a progressing timeout by setting the abort operation annotation and"
            + " the landscaper.gardener.cloud/abort-time annotation; when the deployer had not finished the job"
            + " within the abort timeout (deployItemTimeouts.abort, default 5m), the Landscaper set phase (and"
            + " deployItemPhase) Failed, jobIDFinished to jobID and lastError.reason AbortingTimeout. An item"
            + " past it and not so marked waits without end. An abort time that is not an RFC 3339 time is"
            + " reported too: the Landscaper cannot read it and retries the item without end.",
    source =
        "gardener/landscaper docs/usage/DeployItemTimeouts.md@27e6e3391105 (Aborting Timeout);"
            + " pkg/landscaper/controllers/deployitem/reconcile.go@v0.52.0 (isAbortingTimeoutExceeded,"
            + " writeAbortingTimeoutExceeded); apis/core/v1alpha1/helper/helpers.go@v0.52.0 (time.RFC3339)")
public final class LandscaperAbortTimeoutUnmarked
    extends UnmarkedTimeoutRule<LandscaperAbortTimeoutUnmarked.Options> {
  static final String ID = "landscaper-abort-timeout-unmarked";

  /** {@code rules.landscaper-abort-timeout-unmarked.options}: the Landscaper's key for the timeout. */
  public record Options(
      @JsonPropertyDescription("How long a deployer has to abort a job the Landscaper asked to abort: the"
          + " Landscaper's deployItemTimeouts.abort (before v0.53); 5m (the Landscaper's default) when unset.")
      Duration abort) implements UnmarkedTimeoutRule.Timeout {
    @Override
    public Duration timeout() {
      return abort;
    }
  }

  public LandscaperAbortTimeoutUnmarked() {
    super(
        LandscaperTimeout.ABORTING,
        Options.class,
        "has been asked to abort",
        "the Landscaper (before v0.53, which set this annotation) fails an item its deployer has not aborted in"
            + " time, with phase Failed, jobIDFinished set to jobID and lastError.reason AbortingTimeout.",
        "Check that the Landscaper runs, and why the deployer does not finish the job; the Landscaper v0.53 and"
            + " later no longer abort items: upgrading replaces the abort with a ProgressingTimeout failure.");
  }

  @Override
  void checkTimeoutInput(ObjectCheck check, DeployItemJob job) {
    if (job.isPending() && job.isPickedUp() && job.abortTimeText().isPresent() && job.abortTime().isEmpty()) {
      check.report(
          DeployItemJob.abortTimePointer(),
          "The " + DeployItemJob.ABORT_TIME_ANNOTATION + " annotation is '" + job.abortTimeText().get() + "', not an"
              + " RFC 3339 time: the Landscaper cannot read it, and retries this item without end.",
          "Remove the annotation, or write the time as the Landscaper does (2024-06-01T00:00:00Z).");
    }
  }
}
