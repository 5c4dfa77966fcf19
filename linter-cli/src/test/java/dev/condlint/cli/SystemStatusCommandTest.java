package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code condlint status} on the kinds whose own system condlint knows: a Landscaper DeployItem and an
 * ARC EphemeralRunner say, in that system's terms, why they are not Current, where kstatus alone
 * (which reads conditions) says Current; every other kind keeps kstatus's status.
 */
class SystemStatusCommandTest {
  private static final String JOB = "5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d";

  /** Generated at 23:50:00, not picked up: the pickup timeout (5m) runs out at 23:55:00. */
  static final String WAITING = """
      apiVersion: landscaper.gardener.cloud/v1alpha1
      kind: DeployItem
      metadata: {name: web, namespace: example}
      spec: {type: landscaper.gardener.cloud/helm}
      status:
        phase: Succeeded
        jobID: 5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d
        jobIDFinished: 0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b
        jobIDGenerationTime: "2024-05-31T23:50:00Z"
        lastReconcileTime: "2024-05-31T20:00:00Z"
      """;

  /** Failed twice, last at 23:55:05: ARC waits 10s after the second failure, until 23:55:15. */
  private static final String RETRYING = """
      apiVersion: actions.github.com/v1alpha1
      kind: EphemeralRunner
      metadata: {name: runner-2xk9p, namespace: arc-runners}
      status:
        phase: Pending
        failures:
          3f1c9a52-7e0b-4c1d-9a8e-2b6f4d5c7e81: "2024-05-31T23:55:00Z"
          8d2e4b6a-1c3f-4e5d-8b7a-9c0d1e2f3a4b: "2024-05-31T23:55:05Z"
      """;

  private static final String ZOMBIE = """
      apiVersion: actions.github.com/v1alpha1
      kind: EphemeralRunner
      metadata: {name: runner-h4q7z, namespace: arc-runners}
      status:
        phase: Failed
        reason: TooManyPodFailures
        message: 'Pod has failed to start more than 5 times: '
      """;

  @TempDir Path dir;

  private CliRun.Result run(String... args) {
    return CliRun.in(dir).run(List.of("status"), args);
  }

  private void write(String name, String text) throws IOException {
    Files.writeString(dir.resolve(name), text);
  }

  @ParameterizedTest
  @CsvSource({
    "2024-05-31T23:54:59Z, 'InProgress  DeployItem: job \"" + JOB + "\" waiting for pickup since status.jobIDGenerationTime"
        + " 2024-05-31T23:50:00Z (4m59s ago); pickup timeout 5m0s (deployItemTimeouts.pickup) at 2024-05-31T23:55:00Z'",
    "2024-05-31T23:55:00Z, 'Failed  DeployItem: pickup timeout: job \"" + JOB + "\" not picked up since"
        + " status.jobIDGenerationTime 2024-05-31T23:50:00Z (5m ago), longer than 5m0s (deployItemTimeouts.pickup);"
        + " the Landscaper has not marked it Failed yet'",
    "2024-05-31T23:55:01Z, 'Failed  DeployItem: pickup timeout: job \"" + JOB + "\" not picked up since"
        + " status.jobIDGenerationTime 2024-05-31T23:50:00Z (5m1s ago), longer than 5m0s (deployItemTimeouts.pickup);"
        + " the Landscaper has not marked it Failed yet'"})
  void aDeployItemWaitingForPickupFailsAtThePickupTimeoutExactly(String now, String status) throws IOException {
    write("di.yaml", WAITING);
    CliRun.Result r = run("--now", now, "di.yaml");
    assertEquals(0, r.exit());
    assertEquals("di.yaml:1: DeployItem/web  " + status + "  (kstatus: Current)\n", r.out());
    assertEquals("", r.err());
  }

  @Test
  void aDeployItemFailedByATimeoutSaysWhichAndGatesCi() throws IOException {
    write("di.yaml", WAITING.replace("phase: Succeeded", "phase: Failed")
        .replace("jobIDFinished: 0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b", "jobIDFinished: " + JOB)
        + "  lastError:\n    reason: PickupTimeout\n    message: no deployer has reconciled this deployitem within"
        + " 300 seconds\n    lastUpdateTime: \"2024-05-31T23:55:05Z\"\n");
    CliRun.Result r = run("--now", "2024-06-01T00:00:00Z", "--fail-unless", "current", "di.yaml");
    assertEquals(1, r.exit());
    assertEquals("di.yaml:1: DeployItem/web  Failed  DeployItem: pickup timeout: no deployer has reconciled this"
        + " deployitem within 300 seconds  (kstatus: Current)\n", r.out());
  }

  @ParameterizedTest
  @CsvSource({
    "2024-05-31T23:55:14Z, 'InProgress  EphemeralRunner: pod failed 2 times, last at 2024-05-31T23:55:05Z (9s ago);"
        + " ARC waits 10s, until 2024-05-31T23:55:15Z, before it creates the next pod'",
    "2024-05-31T23:55:15Z, 'InProgress  EphemeralRunner: pod failed 2 times, last at 2024-05-31T23:55:05Z (10s ago);"
        + " phase Pending'"})
  void anEphemeralRunnerBacksOffUntilItsBackoffEnds(String now, String status) throws IOException {
    write("runner.yaml", RETRYING);
    assertEquals("runner.yaml:1: EphemeralRunner/runner-2xk9p  " + status + "  (kstatus: Current)\n",
        run("--now", now, "runner.yaml").out());
  }

  @Test
  void aFailedEphemeralRunnerIsFailedWithItsReasonInJsonToo() throws IOException {
    write("runner.yaml", ZOMBIE);
    CliRun.Result r = run("--format", "json", "runner.yaml");
    assertEquals(0, r.exit());
    String message = "EphemeralRunner: Failed (TooManyPodFailures): Pod has failed to start more than 5 times; ARC"
        + " leaves a Failed runner in place, counted among its set's runners, until it is deleted";
    assertEquals(
        new ObjectMapper().readTree("""
            [{"object": {"apiVersion": "actions.github.com/v1alpha1", "kind": "EphemeralRunner",
                         "namespace": "arc-runners", "name": "runner-h4q7z"},
              "file": "runner.yaml", "line": 1, "status": "Failed", "message": "%s",
              "conditions": [{"type": "Stalled", "status": "True", "reason": "TooManyPodFailures", "message": "%s"}],
              "kstatus": {"status": "Current", "message": "Resource is current"}}]
            """.formatted(message, message)),
        new ObjectMapper().readTree(r.out()));
  }

  /** Without --now no timeout is judged; a Failed runner is Failed whatever the day. */
  @Test
  void withoutNowNoTimeoutOrBackoffIsJudged() throws IOException {
    write("all.yaml", WAITING + "---\n" + RETRYING + "---\n" + ZOMBIE);
    assertEquals(
        "all.yaml:1: DeployItem/web  InProgress  DeployItem: job \"" + JOB + "\" waiting for pickup since"
            + " status.jobIDGenerationTime 2024-05-31T23:50:00Z; the pickup timeout is not judged without a reference time  (kstatus: Current)\n"
            + "all.yaml:12: EphemeralRunner/runner-2xk9p  InProgress  EphemeralRunner: pod failed 2 times, last at"
            + " 2024-05-31T23:55:05Z; whether ARC still backs off is not judged without a reference time  (kstatus: Current)\n"
            + "all.yaml:21: EphemeralRunner/runner-h4q7z  Failed  EphemeralRunner: Failed (TooManyPodFailures): Pod has"
            + " failed to start more than 5 times; ARC leaves a Failed runner in place, counted among its set's runners,"
            + " until it is deleted  (kstatus: Current)\n",
        run("all.yaml").out());
  }

  @Test
  void kstatusOnlyPrintsWhatFluxSees() throws IOException {
    write("both.yaml", WAITING + "---\n" + ZOMBIE);
    assertEquals(
        "both.yaml:1: DeployItem/web  Current  Resource is current\n"
            + "both.yaml:12: EphemeralRunner/runner-h4q7z  Current  Resource is current\n",
        run("--kstatus-only", "--now", "2024-06-01T00:00:00Z", "both.yaml").out());
  }

  @Test
  void otherKindsKeepKstatusStatusAndDeletionStaysTerminating() throws IOException {
    write("objects.yaml", WAITING.replace("landscaper.gardener.cloud/v1alpha1", "example.com/v1") + "---\n"
        + ZOMBIE.replace("metadata: {name: runner-h4q7z,", "metadata: {deletionTimestamp: \"2024-05-31T23:59:00Z\","
            + " name: runner-h4q7z,"));
    assertEquals(
        "objects.yaml:1: DeployItem/web  Current  Resource is current\n"
            + "objects.yaml:12: EphemeralRunner/runner-h4q7z  Terminating  Resource scheduled for deletion\n",
        run("--now", "2024-06-01T00:00:00Z", "objects.yaml").out());
  }

  @Test
  void aFinishedDeployItemThatSucceededIsLeftToKstatus() throws IOException {
    write("di.yaml", WAITING.replace("jobIDFinished: 0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b", "jobIDFinished: " + JOB));
    assertEquals("di.yaml:1: DeployItem/web  Current  Resource is current\n",
        run("--now", "2024-06-01T00:00:00Z", "di.yaml").out());
  }
}
