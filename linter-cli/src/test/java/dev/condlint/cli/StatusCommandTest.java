package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code condlint status}, run in-process over files in a temporary directory. */
class StatusCommandTest {
  private static final String OBJECTS =
      """
      apiVersion: example.com/v1
      kind: Database
      metadata: {name: orders, namespace: shop, generation: 3}
      status:
        observedGeneration: 3
        conditions:
        - {type: Ready, status: "True", reason: Reconciled, message: "All components are ready"}
      ---
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web, generation: 2}
      spec: {replicas: 3}
      status: {observedGeneration: 2, replicas: 3, updatedReplicas: 1}
      """;

  /** What {@code condlint status} prints for {@link #OBJECTS} in objects.yaml. */
  private static final String OBJECTS_STATUS =
      "objects.yaml:1: Database/orders  Current  Resource is Ready\n"
          + "objects.yaml:9: Deployment/web  InProgress  Updated: 1/3\n";

  @TempDir Path dir;

  private CliRun.Result run(String... args) {
    return CliRun.in(dir).run(List.of("status"), args);
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  /** Runs {@code condlint status ARGS}, asserts its exit code and exactly what it printed; the run, for more. */
  private CliRun.Result assertRun(int exit, String out, String... args) {
    CliRun.Result r = run(args);
    assertEquals(exit, r.exit(), r.err());
    assertEquals(out, r.out());
    return r;
  }

  @Test
  void printsOneLinePerObjectWithTheFileAndLineWhereItStarts() throws IOException {
    write("objects.yaml", OBJECTS);
    assertRun(0, OBJECTS_STATUS, "objects.yaml");
  }

  @Test
  void theLineIsTheObjectsFirstKeyAfterCommentsAndInsideAList() throws IOException {
    write(
        "list.yaml",
        """
        # rendered by kubectl get -o yaml
        ---
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: ConfigMap
          metadata: {name: settings}
        -   # the Service
            apiVersion: v1
            kind: Service
            metadata: {name: web}
        """);
    assertRun(0,
        "list.yaml:6: ConfigMap/settings  Current  Resource is always ready\n"
            + "list.yaml:10: Service/web  Current  Service is ready\n",
        "list.yaml");
  }

  @Test
  void aMultiLineMessageStaysOnOneLineAndControlCharactersAreEscaped() throws IOException {
    write(
        "release.yaml",
        """
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata: {name: "web\\e]0;owned\\a"}
        status:
          conditions:
          - type: Ready
            status: "False"
            reason: UpgradeFailed
            message: "Helm upgrade failed: template: web/templates/deploy.yaml:12:\\n\\tcolour: \\"\\e[31mred\\""
        """);
    assertRun(0,
        "release.yaml:1: HelmRelease/web\\u001B]0;owned\\u0007  InProgress  Helm upgrade failed: template:"
            + " web/templates/deploy.yaml:12:\\n\\tcolour: \"\\u001B[31mred\"\n",
        "release.yaml");
    JsonNode json = new ObjectMapper().readTree(run("--format", "json", "release.yaml").out());
    assertEquals(
        "Helm upgrade failed: template: web/templates/deploy.yaml:12:\n\tcolour: \"\u001B[31mred\"",
        json.get(0).get("message").asText());
  }

  @Test
  void failUnlessCurrentExitsOneWhenAnObjectIsNotCurrent() throws IOException {
    write("objects.yaml", OBJECTS);
    assertRun(1, OBJECTS_STATUS, "--fail-unless", "current", "objects.yaml");
    write("current.yaml", OBJECTS.substring(0, OBJECTS.indexOf("---")));
    assertRun(0, "current.yaml:1: Database/orders  Current  Resource is Ready\n",
        "--fail-unless", "current", "current.yaml");
  }

  @Test
  void jsonHasObjectFileLineStatusMessageAndConditions() throws IOException {
    write("objects.yaml", OBJECTS);
    CliRun.Result r = run("--format", "json", "objects.yaml");
    assertEquals(0, r.exit());
    JsonNode json = new ObjectMapper().readTree(r.out());
    JsonNode expected =
        new ObjectMapper()
            .readTree(
                """
                [{"object": {"apiVersion": "example.com/v1", "kind": "Database", "namespace": "shop", "name": "orders"},
                  "file": "objects.yaml", "line": 1, "status": "Current", "message": "Resource is Ready", "conditions": []},
                 {"object": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "", "name": "web"},
                  "file": "objects.yaml", "line": 9, "status": "InProgress", "message": "Updated: 1/3",
                  "conditions": [{"type": "Reconciling", "status": "True", "reason": "LessUpdated", "message": "Updated: 1/3"}]}]
                """);
    assertEquals(expected, json);
  }

  @Test
  void directoriesAreSearchedAndComputeErrorsAreUnknown() throws IOException {
    write("b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");
    write("a.yml", "apiVersion: v1\nkind: Pod\nmetadata: {name: p, generation: \"1\"}\n");
    write("notes.txt", "not a manifest");
    CliRun.Result r = run("--fail-unless", "current", ".");
    assertEquals(1, r.exit());
    assertEquals(
        List.of(
            "a.yml:1: Pod/p  Unknown  kstatus cannot compute a status: cannot read .metadata.generation: expected int64,"
                + " got the string \"1\"",
            "b.yaml:1: ConfigMap/settings  Current  Resource is always ready"),
        r.out().lines().toList());
  }

  @Test
  void withoutAPathTheCurrentDirectoryIsSearched() throws IOException {
    write("objects.yaml", OBJECTS);
    Files.createDirectories(dir.resolve("rendered"));
    write("rendered/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");
    CliRun.Result r = run();
    assertEquals(0, r.exit(), r.err());
    assertEquals(
        List.of(
            "objects.yaml:1: Database/orders  Current  Resource is Ready",
            "objects.yaml:9: Deployment/web  InProgress  Updated: 1/3",
            "rendered/cm.yaml:1: ConfigMap/settings  Current  Resource is always ready"),
        r.out().lines().toList());
  }

  @Test
  void aWalkLeavesOutTestAssertionFilesAndSaysHowMany() throws IOException {
    Files.createDirectories(dir.resolve("e2e"));
    write("e2e/00-install.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");
    write("e2e/01-assert.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");

    CliRun.Result r = assertRun(0, "e2e/00-install.yaml:1: ConfigMap/settings  Current  Resource is always ready\n", "e2e");
    assertEquals("condlint: note: left out 1 test assertion file (kuttl, chainsaw: partial objects); name one to read it\n",
        r.err());
  }

  /** Pending since 2024-06-01T00:00:00Z: kstatus gives the scheduler a minute. */
  private static final String PENDING_POD =
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: p, creationTimestamp: "2024-06-01T00:00:00Z"}
      status:
        phase: Pending
        conditions: [{type: PodScheduled, status: "False", reason: Unschedulable}]
      """;

  @Test
  void nowDecidesWhetherAPendingPodIsStillBeingScheduled() throws IOException {
    write("pod.yaml", PENDING_POD);
    assertEquals("pod.yaml:1: Pod/p  InProgress  Pod has not been scheduled\n", run("--now", "2024-06-01T00:00:10Z", "pod.yaml").out());
    assertEquals("pod.yaml:1: Pod/p  Failed  Pod could not be scheduled\n", run("--now", "2024-06-01T00:01:00Z", "pod.yaml").out());
  }

  /** Without --now the clock (a year after the Pod was created) is not read: a file's status does not change with the day. */
  @Test
  void withoutNowAPendingPodIsNotJudgedByTheClock() throws IOException {
    write("pod.yaml", PENDING_POD.replace("2024-06-01T00:00:00Z", "2023-06-01T00:00:00Z"));
    assertEquals("pod.yaml:1: Pod/p  InProgress  Pod has not been scheduled\n", run("pod.yaml").out());
    assertEquals("pod.yaml:1: Pod/p  Failed  Pod could not be scheduled\n", run("--now", "2023-06-01T00:01:00Z", "pod.yaml").out());
  }

  /** A Job created suspended: the Flux fork of kstatus has no suspended case, so it is not started there. */
  private static final String SUSPENDED_JOB =
      """
      apiVersion: batch/v1
      kind: Job
      metadata: {name: migrate, namespace: shop, generation: 1}
      spec: {suspend: true}
      status:
        conditions:
        - {type: Suspended, status: "True", reason: JobSuspended}
      """;

  @Test
  void theUpstreamFlavourIsTheDefault() throws IOException {
    write("job.yaml", SUSPENDED_JOB);
    CliRun.Result byDefault = assertRun(0, "job.yaml:1: Job/migrate  Current  Job is suspended\n",
        "--fail-unless", "current", "job.yaml");
    assertRun(0, byDefault.out(), "--flavour", "upstream", "--fail-unless", "current", "job.yaml");
  }

  @Test
  void theFluxFlavourComputesAsTheForkFluxAndHelmUse() throws IOException {
    write("job.yaml", SUSPENDED_JOB);
    assertRun(1, "job.yaml:1: Job/migrate  InProgress  Job not started\n",
        "--flavour", "flux", "--fail-unless", "current", "job.yaml");
    JsonNode json = new ObjectMapper().readTree(run("--flavour", "FLUX", "--format", "json", "job.yaml").out());
    assertEquals(
        new ObjectMapper().readTree(
            """
            [{"object": {"apiVersion": "batch/v1", "kind": "Job", "namespace": "shop", "name": "migrate"},
              "file": "job.yaml", "line": 1, "status": "InProgress", "message": "Job not started",
              "conditions": [{"type": "Reconciling", "status": "True", "reason": "JobNotStarted", "message": "Job not started"}]}]
            """),
        json);
  }

  @Test
  void anUnknownFlavourIsAUsageError() throws IOException {
    write("job.yaml", SUSPENDED_JOB);
    CliRun.Result r = assertRun(2, "", "--flavour", "helm", "job.yaml");
    assertEquals(
        "Invalid value for option '--flavour': expected one of [UPSTREAM, FLUX] (case-insensitive) but was 'helm'",
        r.err().lines().findFirst().orElseThrow());
  }

  @Test
  void unreadableInputExitsTwo() throws IOException {
    write("bad.yaml", "kind: [unclosed\n");
    write("good.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");
    CliRun.Result r = assertRun(2, "good.yaml:1: ConfigMap/settings  Current  Resource is always ready\n",
        "bad.yaml", "missing.yaml", "good.yaml");
    assertEquals(
        List.of(
            "bad.yaml:2:1: error: while parsing a flow sequence: expected ',' or ']', but got <stream end>",
            "missing.yaml: error: no such file or directory"),
        r.err().lines().toList());
  }

  @Test
  void nowMustBeRfc3339AsForLint() throws IOException {
    write("objects.yaml", OBJECTS);
    CliRun.Result r = assertRun(2, "", "--now", "yesterday", "objects.yaml");
    assertEquals("--now: 'yesterday' is not an RFC 3339 time such as 2024-06-01T00:00:00Z",
        r.err().lines().findFirst().orElseThrow());
  }

  @Test
  void nowMayHaveAnOffset() throws IOException {
    write("pod.yaml", PENDING_POD);
    assertEquals("pod.yaml:1: Pod/p  Failed  Pod could not be scheduled\n",
        run("--now", "2024-06-01T02:01:00+02:00", "pod.yaml").out());
  }
}
