package dev.condlint.rules.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.ContractResolver;
import dev.condlint.rules.kstatus.KstatusResult;
import dev.condlint.rules.testing.YamlFixtures;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each status a system gives an object, as {@code STATUS REASON: MESSAGE}, with the timing of the
 * built-in catalogue; where the system adds nothing, none.
 */
class SystemStatusTest {
  private static final Instant NOW = Instant.parse("2024-06-01T00:00:00Z");
  private static final String JOB = "job \"5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d\"";

  private static String status(String yaml) {
    JsonNode object = YamlFixtures.document(yaml).object();
    return ContractResolver.of(Ruleset.builtIn().catalogue()).timing(ObjectRef.of(object))
        .flatMap(t -> SystemStatus.of(object, t.value(), NOW))
        .map(SystemStatusTest::line)
        .orElse("none");
  }

  private static String line(KstatusResult r) {
    return r.status().label() + " " + r.conditions().get(0).reason() + ": " + r.message();
  }

  private static String deployItem(String status, String more) {
    return """
        apiVersion: landscaper.gardener.cloud/v1alpha1
        kind: DeployItem
        metadata: {name: web%s}
        spec: {type: landscaper.gardener.cloud/helm}
        status:
          jobID: 5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d
        %s""".formatted(more, status.indent(2));
  }

  @Test
  void aJobInProgressPastItsSpecTimeoutIsFailed() {
    assertEquals("Failed ProgressingTimeout: DeployItem: progressing timeout: " + JOB + " in progress since"
            + " status.transitionTimes.initTime 2024-05-31T23:00:00Z (60m ago), longer than 30m0s (spec.timeout);"
            + " the Landscaper has not marked it Failed yet",
        status(deployItem("""
            phase: Progressing
            jobIDFinished: old
            jobIDGenerationTime: "2024-05-31T22:59:58Z"
            lastReconcileTime: "2024-05-31T23:00:00Z"
            transitionTimes: {initTime: "2024-05-31T23:00:00Z"}
            """, "").replace("spec: {type: landscaper.gardener.cloud/helm}",
            "spec: {type: landscaper.gardener.cloud/helm, timeout: 30m}")));
  }

  @Test
  void aJobInProgressWithinItsTimeoutIsInProgressInItsPhase() {
    assertEquals("InProgress Init: DeployItem: " + JOB + " in phase Init since status.lastReconcileTime"
            + " 2024-05-31T23:58:00Z (2m ago); progressing timeout 10m0s (deployItemTimeouts.progressingDefault) at"
            + " 2024-06-01T00:08:00Z",
        status(deployItem("""
            phase: Init
            jobIDFinished: old
            jobIDGenerationTime: "2024-05-31T23:57:58Z"
            lastReconcileTime: "2024-05-31T23:58:00Z"
            """, "")));
  }

  @Test
  void anAbortPastTheAbortTimeoutIsFailedAndOneWithinIsAborting() {
    String aborting = """
        phase: Progressing
        jobIDFinished: old
        jobIDGenerationTime: "2024-05-31T23:39:58Z"
        lastReconcileTime: "2024-05-31T23:40:00Z"
        """;
    assertEquals("Failed AbortingTimeout: DeployItem: aborting timeout: " + JOB + " not aborted since the"
            + " landscaper.gardener.cloud/abort-time annotation 2024-05-31T23:50:00Z (10m ago), longer than 5m0s"
            + " (deployItemTimeouts.abort); the Landscaper has not marked it Failed yet",
        status(deployItem(aborting, ", annotations: {landscaper.gardener.cloud/abort-time: \"2024-05-31T23:50:00Z\"}")));
    assertEquals("InProgress Aborting: DeployItem: " + JOB + " being aborted since the"
            + " landscaper.gardener.cloud/abort-time annotation 2024-05-31T23:58:00Z (2m ago); aborting timeout 5m0s"
            + " (deployItemTimeouts.abort) at 2024-06-01T00:03:00Z",
        status(deployItem(aborting, ", annotations: {landscaper.gardener.cloud/abort-time: \"2024-05-31T23:58:00Z\"}")));
  }

  @Test
  void aFinishedJobThatFailedForAnotherReasonSaysWhy() {
    assertEquals("Failed ConfigurationProblem: DeployItem: DeleteFailed: ConfigurationProblem: chart not found",
        status(deployItem("""
            phase: DeleteFailed
            jobIDFinished: 5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d
            lastError: {reason: ConfigurationProblem, message: chart not found}
            """, "")));
  }

  @Test
  void aFinishedJobThatSucceededOrAnItemWithoutAJobIsKstatusAffair() {
    assertEquals("none", status(deployItem("phase: Succeeded\njobIDFinished: 5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d\n", "")));
    assertEquals("none", status(deployItem("phase: Init\n", "").replace("  jobID: 5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d\n", "")));
  }

  private static String runner(String status) {
    return """
        apiVersion: actions.github.com/v1alpha1
        kind: EphemeralRunner
        metadata: {name: runner-2xk9p}
        status:
        %s""".formatted(status.indent(2));
  }

  @Test
  void aRunnerOverTheFailureLimitIsBeingReplaced() {
    assertEquals("InProgress TooManyPodFailures: EphemeralRunner: pod failed 6 times, more than 5: ARC deletes the"
            + " runner and its set creates a new one",
        status(runner("""
            phase: Pending
            failures: {a: "2024-05-31T23:55:00Z", b: "2024-05-31T23:55:05Z", c: "2024-05-31T23:55:15Z",
                       d: "2024-05-31T23:55:35Z", e: "2024-05-31T23:56:15Z", f: "2024-05-31T23:57:35Z"}
            """)));
  }

  @Test
  void aRunnerWithBooleanFailuresWasWrittenByAnOldController() {
    assertEquals("InProgress PodFailed: EphemeralRunner: pod failed 1 time, recorded without times, as an ARC"
            + " controller older than gha-runner-scale-set 0.12.0 records them",
        status(runner("phase: Pending\nfailures: {a: true}\n")));
  }

  @Test
  void aRunningRunnerOrOneWithoutFailuresIsKstatusAffair() {
    assertEquals("none", status(runner("phase: Running\nfailures: {a: \"2024-05-31T23:55:00Z\"}\n")));
    assertEquals("none", status(runner("phase: Pending\n")));
  }

  @Test
  void aFailedRunnerWithoutReasonOrMessageIsStillFailed() {
    assertEquals("Failed Failed: EphemeralRunner: Failed; ARC leaves a Failed runner in place, counted among its"
        + " set's runners, until it is deleted", status(runner("phase: Failed\n")));
  }

  @Test
  void otherKindsHaveNoSystem() {
    assertEquals(Optional.empty(), ContractResolver.of(Ruleset.builtIn().catalogue()).timing(ObjectRef.of(
        YamlFixtures.document("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n").object())));
  }
}
