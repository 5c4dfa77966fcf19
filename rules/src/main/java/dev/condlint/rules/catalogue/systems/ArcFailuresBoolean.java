package dev.condlint.rules.catalogue.systems;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.timing.RunnerFailures;
import java.util.List;

/** An ARC ephemeral runner's failures recorded as booleans: the map an ARC controller before 0.12.0 wrote. */
@RuleInfo(
    id = ArcFailuresBoolean.ID,
    title = "An ARC ephemeral runner's failures are times, not booleans",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "ARC's PR #4059 (gha-runner-scale-set 0.12.0) changed status.failures from map[string]bool to"
            + " map[string]metav1.Time, the time of each failure, which its backoff reads. A boolean value was"
            + " written by an older controller, which marks a runner Failed after more than five failures and never"
            + " deletes it; a controller of 0.12.0 or later cannot decode the value, and its CRD no longer"
            + " accepts one. Either an old controller still runs, or the runner is left from before an upgrade.",
    source =
        "actions/actions-runner-controller apis/actions.github.com/v1alpha1/ephemeralrunner_types.go"
            + " (EphemeralRunnerStatus.Failures, before and after PR #4059);"
            + " config/crd/bases/actions.github.com_ephemeralrunners.yaml (format: date-time)")
public final class ArcFailuresBoolean implements ObjectRule {
  static final String ID = "arc-failures-boolean";

  @Override
  public void check(ObjectCheck check) {
    if (SystemTiming.of(check, Timing.Model.ARC_EPHEMERAL_RUNNER).isEmpty()) {
      return;
    }
    RunnerFailures failures = RunnerFailures.of(check.object());
    List<RunnerFailures.Failure> booleans = failures.booleans();
    if (booleans.isEmpty()) {
      return;
    }
    check.report(
        booleans.get(0).pointer(),
        "status.failures holds a boolean for " + booleans.size() + " of its " + failures.count() + " pods: the"
            + " map[string]bool of ARC before gha-runner-scale-set 0.12.0 (PR #4059). Since 0.12.0 each value is"
            + " the time of the failure, and the controller cannot decode a boolean: an old controller still"
            + " writes this runner, or it is left from before an upgrade.",
        "Upgrade the ARC controller and its CRDs together to gha-runner-scale-set 0.12.0 or later, and delete"
            + " runners left from before the upgrade.");
  }
}
