package dev.condlint.rules.catalogue.systems;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.timing.EphemeralRunner;

/** An ARC ephemeral runner in phase Failed that is not being deleted: a runner its set counts but cannot use. */
@RuleInfo(
    id = ArcFailedRunnerLeft.ID,
    title = "An ARC ephemeral runner in phase Failed is not left in place",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "ARC sets phase Failed when it gives up on a runner: before PR #4059 (gha-runner-scale-set 0.12.0) after"
            + " more than five pod failures (reason TooManyPodFailures), and still when the runner's pod cannot"
            + " be created (reason InvalidPod). Nothing deletes a Failed runner: the EphemeralRunnerSet counts it"
            + " among its runners when it scales, so every such zombie is a runner the set believes it has and"
            + " will never replace (ARC issues #2721, #3014, #3700). Since 0.12.0 repeated pod failures delete the"
            + " runner instead.",
    source =
        "actions/actions-runner-controller apis/actions.github.com/v1alpha1/ephemeralrunner_types.go"
            + " (EphemeralRunnerStatus.Phase); controllers/actions.github.com/ephemeralrunner_controller.go"
            + " (markAsFailed); controllers/actions.github.com/ephemeralrunnerset_controller.go (scaleTotal);"
            + " PR #4059")
public final class ArcFailedRunnerLeft implements ObjectRule {
  static final String ID = "arc-failed-runner-left";

  @Override
  public void check(ObjectCheck check) {
    if (SystemTiming.of(check, Timing.Model.ARC_EPHEMERAL_RUNNER).isEmpty()) {
      return;
    }
    EphemeralRunner runner = EphemeralRunner.of(check.object());
    if (!runner.isFailed() || runner.isDeleting()) {
      return;
    }
    String why = runner.reason().filter(EphemeralRunner.TOO_MANY_POD_FAILURES::equals).isPresent()
        ? "its pod failed more than five times, which ARC before gha-runner-scale-set 0.12.0 answers by marking the"
            + " runner Failed (0.12.0 and later delete it)"
        : "ARC gave up on it" + runner.reason().map(r -> " (reason " + r + ")").orElse("");
    check.report(
        "/status/phase",
        "The runner is Failed: " + why + runner.message().map(m -> ": " + m).orElse("") + ". Nothing deletes a"
            + " Failed runner, and its EphemeralRunnerSet counts it among its runners, so the set has one runner"
            + " fewer than it believes until this one is deleted.",
        "Fix the cause (for InvalidPod, the runner's pod template), then delete the runner (kubectl delete"
            + " ephemeralrunner NAME); upgrade to gha-runner-scale-set 0.12.0 or later, which replaces runners"
            + " whose pods keep failing.");
  }
}
