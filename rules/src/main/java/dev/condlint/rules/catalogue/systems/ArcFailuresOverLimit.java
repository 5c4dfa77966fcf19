package dev.condlint.rules.catalogue.systems;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.timing.EphemeralRunner;
import dev.condlint.rules.timing.RunnerFailures;
import java.util.Optional;

/** An ARC ephemeral runner with more recorded pod failures than ARC allows, that still exists. */
@RuleInfo(
    id = ArcFailuresOverLimit.ID,
    title = "An ARC ephemeral runner with more than five pod failures is deleted",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Since ARC's PR #4059 (gha-runner-scale-set 0.12.0), the controller records each failed runner pod in"
            + " status.failures and, once more than five are recorded (maxFailures), deletes the runner so that"
            + " its EphemeralRunnerSet creates a fresh one. A runner with more failures that is not being deleted"
            + " means the controller is not reconciling it, and its set counts a runner that will never run a"
            + " job. Failures recorded as booleans come from an older controller, which marks such a runner"
            + " Failed instead (arc-failed-runner-left, arc-failures-boolean).",
    source =
        "actions/actions-runner-controller controllers/actions.github.com/ephemeralrunner_controller.go"
            + " (maxFailures, Reconcile); PR #4059")
public final class ArcFailuresOverLimit implements ObjectRule {
  static final String ID = "arc-failures-over-limit";

  @Override
  public void check(ObjectCheck check) {
    Optional<Timing> timing = SystemTiming.of(check, Timing.Model.ARC_EPHEMERAL_RUNNER);
    if (timing.isEmpty()) {
      return;
    }
    EphemeralRunner runner = EphemeralRunner.of(check.object());
    RunnerFailures failures = runner.failures();
    int limit = timing.get().maxFailures();
    if (runner.isDeleting() || failures.count() <= limit || !failures.booleans().isEmpty()) {
      return;
    }
    check.report(
        RunnerFailures.pointer(),
        "status.failures records " + failures.count() + " pod failures, more than the " + limit + " after which"
            + " ARC (gha-runner-scale-set 0.12.0 and later) deletes the runner so that its set creates a new one;"
            + " this runner still exists.",
        "Check that the ARC controller runs and reconciles this namespace; deleting the runner lets its set"
            + " replace it.");
  }
}
