package dev.condlint.rules.catalogue.systems;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.timing.LandscaperTimeout;
import java.time.Duration;

/** A Landscaper deploy item that no deployer picked up within the pickup timeout, not yet marked failed. */
@RuleInfo(
    id = LandscaperPickupTimeoutUnmarked.ID,
    title = "A Landscaper deploy item past its pickup timeout is marked failed",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "The Landscaper starts a job by setting status.jobID to a new value, with status.jobIDGenerationTime;"
            + " a deployer picks it up by setting status.lastReconcileTime. When none does within the pickup"
            + " timeout (deployItemTimeouts.pickup, default 5m), the Landscaper sets phase Failed, jobIDFinished"
            + " to jobID and lastError.reason PickupTimeout, so that the installation stops waiting. An item past"
            + " the timeout and not so marked means the Landscaper's own deploy item controller is not running"
            + " or not keeping up, and everything that depends on the item waits without end.",
    source =
        "gardener/landscaper docs/usage/DeployItemTimeouts.md (Pickup Timeout);"
            + " pkg/landscaper/controllers/deployitem/reconcile.go (isPickupTimeoutExceeded,"
            + " writePickupTimeoutExceeded); apis/config/v1alpha1/defaults.go")
public final class LandscaperPickupTimeoutUnmarked
    extends UnmarkedTimeoutRule<LandscaperPickupTimeoutUnmarked.Options> {
  static final String ID = "landscaper-pickup-timeout-unmarked";

  /** {@code rules.landscaper-pickup-timeout-unmarked.options}: the Landscaper's key for the timeout. */
  public record Options(
      @JsonPropertyDescription("How long a job may wait for a deployer to pick it up, counted from"
          + " status.jobIDGenerationTime: the Landscaper's deployItemTimeouts.pickup; 5m (the Landscaper's default)"
          + " when unset.")
      Duration pickup) implements UnmarkedTimeoutRule.Timeout {
    @Override
    public Duration timeout() {
      return pickup;
    }
  }

  public LandscaperPickupTimeoutUnmarked() {
    super(
        LandscaperTimeout.PICKUP,
        Options.class,
        "has waited for a deployer",
        "the Landscaper fails an item that no deployer picks up in time, with phase Failed, jobIDFinished set"
            + " to jobID and lastError.reason PickupTimeout.",
        "Check that the Landscaper runs (its deploy item controller marks the timeout) and that a deployer"
            + " for this item's spec.type runs and is responsible for its target; if pickups are only slow,"
            + " raise deployItemTimeouts.pickup and this rule's pickup option together.");
  }
}
