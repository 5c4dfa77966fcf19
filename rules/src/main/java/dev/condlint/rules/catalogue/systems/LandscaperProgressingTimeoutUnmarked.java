package dev.condlint.rules.catalogue.systems;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.timing.DeployItemJob;
import dev.condlint.rules.timing.LandscaperTimeout;
import java.time.Duration;

/** A Landscaper deploy item still in progress past its progressing timeout, not yet marked failed. */
@RuleInfo(
    id = LandscaperProgressingTimeoutUnmarked.ID,
    title = "A Landscaper deploy item past its progressing timeout is marked failed",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Once a deployer has picked up a job, it has spec.timeout (default 10m; before Landscaper v0.83 the"
            + " Landscaper's deployItemTimeouts.progressingDefault) to finish it, counted from"
            + " status.transitionTimes.initTime (before v0.83, status.lastReconcileTime). Past it, the item"
            + " fails with lastError.reason ProgressingTimeout (before v0.53 the Landscaper instead annotated"
            + " it for abort). An item past the timeout and neither finished nor so marked has a deployer"
            + " stuck inside one step of its work, and the installation waits on it without end. A spec.timeout"
            + " that is not a duration is reported too: the Landscaper cannot decode the item.",
    source =
        "gardener/landscaper docs/usage/DeployItemTimeouts.md (Progressing Timeout);"
            + " apis/core/v1alpha1/types_deployitem.go (DeployItemSpec.Timeout);"
            + " pkg/deployer/lib/timeout/standard_timeoutchecker.go; pkg/landscaper/controllers/deployitem/"
            + "reconcile.go@v0.82.0 and @v0.52.0")
public final class LandscaperProgressingTimeoutUnmarked
    extends UnmarkedTimeoutRule<LandscaperProgressingTimeoutUnmarked.Options> {
  static final String ID = "landscaper-progressing-timeout-unmarked";

  /** {@code rules.landscaper-progressing-timeout-unmarked.options}: the Landscaper's key for the timeout. */
  public record Options(
      @JsonPropertyDescription("The progressing timeout of an item without spec.timeout: the Landscaper's"
          + " deployItemTimeouts.progressingDefault (read before v0.83); 10m (the Landscaper's default) when unset.")
      Duration progressingDefault) implements UnmarkedTimeoutRule.Timeout {
    @Override
    public Duration timeout() {
      return progressingDefault;
    }
  }

  public LandscaperProgressingTimeoutUnmarked() {
    super(
        LandscaperTimeout.PROGRESSING,
        Options.class,
        "has been in progress",
        "a deployer fails an item at its progressing timeout, with phase Failed, jobIDFinished set to jobID and"
            + " lastError.reason ProgressingTimeout (the Landscaper before v0.53 annotated it for abort instead).",
        "A deployer checks the timeout only between the steps of its work: look in its logs for the step that"
            + " hangs (a Helm release, a readiness check). If the work needs longer, raise spec.timeout.");
  }

  @Override
  void checkTimeoutInput(ObjectCheck check, DeployItemJob job) {
    job.invalidSpecTimeout().ifPresent(problem -> check.report(
        "/spec/timeout",
        problem + ". The Landscaper cannot decode this deploy item, so no deployer processes it.",
        "Write a Go duration such as 30m or 1h30m, or none for no progressing timeout."));
  }
}
