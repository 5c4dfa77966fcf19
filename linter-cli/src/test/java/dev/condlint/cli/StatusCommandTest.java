package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private Run run(String... args) {
    String[] full = new String[args.length + 1];
    full[0] = "status";
    System.arraycopy(args, 0, full, 1, args.length);
    CliRun.Result r = CliRun.in(dir).run(full);
    return new Run(r.exit(), r.out(), r.err());
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  @Test
  void printsOneLinePerObject() throws IOException {
    Path file = write("objects.yaml", OBJECTS);
    Run r = run(file.toString());
    assertEquals(0, r.exit());
    assertEquals(
        "Database/orders  Current  Resource is Ready\nDeployment/web  InProgress  Updated: 1/3\n",
        r.out().replace(System.lineSeparator(), "\n"));
  }

  @Test
  void failUnlessCurrentExitsOneWhenAnObjectIsNotCurrent() throws IOException {
    Path file = write("objects.yaml", OBJECTS);
    assertEquals(1, run("--fail-unless", "current", file.toString()).exit());
    Path current = write("current.yaml", OBJECTS.substring(0, OBJECTS.indexOf("---")));
    assertEquals(0, run("--fail-unless", "current", current.toString()).exit());
  }

  @Test
  void jsonHasObjectFileLineStatusMessageAndConditions() throws IOException {
    Path file = write("objects.yaml", OBJECTS);
    Run r = run("--format", "json", file.toString());
    JsonNode json = new ObjectMapper().readTree(r.out());
    JsonNode expected =
        new ObjectMapper()
            .readTree(
                """
                [{"object": {"apiVersion": "example.com/v1", "kind": "Database", "namespace": "shop", "name": "orders"},
                  "file": "%1$s", "line": 1, "status": "Current", "message": "Resource is Ready", "conditions": []},
                 {"object": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "", "name": "web"},
                  "file": "%1$s", "line": 9, "status": "InProgress", "message": "Updated: 1/3",
                  "conditions": [{"type": "Reconciling", "status": "True", "reason": "LessUpdated", "message": "Updated: 1/3"}]}]
                """
                    .formatted(file.toString().replace("\\", "\\\\")));
    assertEquals(expected, json);
  }

  @Test
  void directoriesAreSearchedAndComputeErrorsAreUnknown() throws IOException {
    write("b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");
    write("a.yml", "apiVersion: v1\nkind: Pod\nmetadata: {name: p, generation: \"1\"}\n");
    write("notes.txt", "not a manifest");
    Run r = run("--fail-unless", "current", dir.toString());
    assertEquals(1, r.exit());
    List<String> lines = new ArrayList<>(r.out().lines().toList());
    assertEquals(
        List.of(
            "Pod/p  Unknown  kstatus cannot compute a status: cannot read .metadata.generation: expected int64,"
                + " got the string \"1\"",
            "ConfigMap/settings  Current  Resource is always ready"),
        lines);
  }

  @Test
  void withoutAPathTheCurrentDirectoryIsSearched() throws IOException {
    write("objects.yaml", OBJECTS);
    Files.createDirectories(dir.resolve("rendered"));
    write("rendered/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");
    Run r = run();
    assertEquals(0, r.exit(), r.err());
    assertEquals(
        List.of(
            "Database/orders  Current  Resource is Ready",
            "Deployment/web  InProgress  Updated: 1/3",
            "ConfigMap/settings  Current  Resource is always ready"),
        r.out().lines().toList());
  }

  @Test
  void nowDecidesWhetherAPendingPodIsStillBeingScheduled() throws IOException {
    Path pod =
        write(
            "pod.yaml",
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: p, creationTimestamp: "2024-06-01T00:00:00Z"}
            status:
              phase: Pending
              conditions: [{type: PodScheduled, status: "False", reason: Unschedulable}]
            """);
    assertEquals("Pod/p  InProgress  Pod has not been scheduled", run("--now", "2024-06-01T00:00:10Z", pod.toString()).out().strip());
    assertEquals("Pod/p  Failed  Pod could not be scheduled", run("--now", "2024-06-01T00:01:00Z", pod.toString()).out().strip());
  }

  @Test
  void unreadableInputExitsTwo() throws IOException {
    Path bad = write("bad.yaml", "kind: [unclosed\n");
    Run r = run(bad.toString(), dir.resolve("missing.yaml").toString());
    assertEquals(2, r.exit());
    assertEquals(2, r.err().lines().count());
  }
}
