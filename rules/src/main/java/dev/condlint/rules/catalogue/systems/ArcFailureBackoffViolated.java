package dev.condlint.rules.catalogue.systems;

import dev.condlint.model.GoDuration;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.timing.RunnerFailures;
import java.util.Optional;

/** Two recorded pod failures of an ARC ephemeral runner closer together than ARC's backoff allows. */
@RuleInfo(
    id = ArcFailureBackoffViolated.ID,
    title = "An ARC ephemeral runner's failures are as far apart as ARC's backoff",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Since ARC's PR #4059 (gha-runner-scale-set 0.12.0), after the n-th recorded pod failure the controller"
            + " creates no new pod before 5s, 10s, 20s, 40s or 80s (n = 1 to 5) have passed since it, so the next"
            + " failure cannot be recorded sooner. Failures closer together were recorded by more than one"
            + " controller (two ARC installations watching the same namespace), or edited by hand; either way"
            + " the runner is retried faster than ARC means to, and the failure count that decides its deletion"
            + " is not ARC's own.",
    source =
        "actions/actions-runner-controller controllers/actions.github.com/ephemeralrunner_controller.go"
            + " (failedRunnerBackoff, LastFailure, deletePodAsFailed); PR #4059")
public final class ArcFailureBackoffViolated implements ObjectRule {
  static final String ID = "arc-failure-backoff-violated";

  @Override
  public void check(ObjectCheck check) {
    Optional<Timing> timing = SystemTiming.of(check, Timing.Model.ARC_EPHEMERAL_RUNNER);
    if (timing.isEmpty()) {
      return;
    }
    for (RunnerFailures.Gap gap : RunnerFailures.of(check.object()).tooClose(timing.get())) {
      check.report(
          gap.later().pointer(),
          "Pod " + gap.later().podUid() + " failed at " + gap.later().time().orElseThrow() + ", "
              + GoDuration.format(gap.actual()) + " after failure " + gap.ordinal() + " (pod " + gap.earlier().podUid()
              + ", at " + gap.earlier().time().orElseThrow() + "); after failure " + gap.ordinal() + " ARC waits "
              + GoDuration.format(gap.required()) + " before it creates the next pod, so one ARC controller cannot"
              + " have recorded both.",
          "Check that only one ARC controller (gha-runner-scale-set-controller) watches this namespace, and that"
              + " nothing else writes status.failures.");
    }
  }
}
