package dev.condlint.rules.kstatus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.yaml.YamlReader;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The parts of Compute that kstatus's tables leave untested: order, messages, errors and edges. */
class KstatusComputeTest {
  private static final Instant NOW = Instant.parse("2024-06-01T00:00:00Z");

  private static JsonNode yaml(String text) {
    return new YamlReader().read("t.yaml", text).documents().get(0).root();
  }

  private static KstatusResult compute(String text) {
    return KstatusCompute.compute(yaml(text), NOW);
  }

  /** A custom resource without a legacy rule, with these conditions (flow mappings, one a line). */
  private static KstatusResult widgetWith(String... conditions) {
    return compute(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nstatus:\n  conditions:\n"
            + Stream.of(conditions).map(c -> "  - " + c + "\n").collect(Collectors.joining()));
  }

  @Test
  void deletionWinsOverEverything() {
    KstatusResult r =
        compute(
            """
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: a, generation: 2, deletionTimestamp: "2024-05-31T00:00:00Z"}
            status:
              observedGeneration: 1
              conditions: [{type: Stalled, status: "True", reason: Broken}]
            """);
    assertEquals(new KstatusResult(KstatusStatus.TERMINATING, "Resource scheduled for deletion", List.of()), r);
  }

  @Test
  void observedGenerationAheadIsNotObservedEither() {
    KstatusResult r =
        compute(
            """
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: a, generation: 2}
            status: {observedGeneration: 3}
            """);
    assertEquals(KstatusStatus.IN_PROGRESS, r.status());
    assertEquals("Widget generation is 2, but latest observed generation is 3", r.message());
    assertEquals(
        List.of(
            new KstatusCondition(
                "Reconciling", "True", "LatestGenerationNotObserved", "Widget generation is 2, but latest observed generation is 3")),
        r.conditions());
  }

  @Test
  void firstAbnormalConditionInListOrderDecides() {
    KstatusResult r =
        widgetWith(
            "{type: Stalled, status: \"True\", reason: QuotaExceeded, message: \"quota exceeded\"}",
            "{type: Reconciling, status: \"True\", reason: Progressing, message: \"rolling out\"}");
    assertEquals(
        new KstatusResult(
            KstatusStatus.FAILED,
            "quota exceeded",
            List.of(new KstatusCondition("Stalled", "True", "QuotaExceeded", "quota exceeded"))),
        r);
  }

  @Test
  void statusesAreCaseSensitive() {
    KstatusResult r =
        widgetWith(
            "{type: Reconciling, status: \"true\"}",
            "{type: Ready, status: \"true\"}");
    assertEquals(KstatusResult.current("Resource is current"), r);
  }

  @Test
  void readyFalseCopiesItsReasonAndMessageIntoReconciling() {
    KstatusResult r =
        widgetWith(
            "{type: Ready, status: Pending}",
            "{type: Ready, status: \"Unknown\", reason: Waiting, message: \"waiting for the database\"}");
    assertEquals(
        new KstatusResult(
            KstatusStatus.IN_PROGRESS,
            "waiting for the database",
            List.of(new KstatusCondition("Reconciling", "True", "Waiting", "waiting for the database"))),
        r);
  }

  @Test
  void legacyRuleBeatsReadyCondition() {
    KstatusResult r =
        compute(
            """
            apiVersion: v1
            kind: Secret
            metadata: {name: a}
            status: {conditions: [{type: Ready, status: "False"}]}
            """);
    assertEquals(KstatusResult.current("Resource is always ready"), r);
  }

  @Test
  void versionIsIgnoredWhenLookingUpLegacyRules() {
    KstatusResult r =
        compute(
            """
            apiVersion: extensions/v1beta1
            kind: Deployment
            metadata: {name: a}
            spec: {replicas: 3}
            status: {replicas: 1}
            """);
    assertEquals(KstatusResult.inProgress("LessReplicas", "Replicas: 1/3"), r);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "generation: \"2\"|cannot read .metadata.generation: expected int64, got the string \"2\"",
        "generation: 2.5|cannot read .metadata.generation: expected int64, got the number 2.5",
        "deletionTimestamp: 5|cannot read .metadata.deletionTimestamp: expected string, got the number 5",
      })
  void wrongTypesAreErrorsAsUpstream(String metadataField, String message) {
    KstatusException e =
        assertThrows(
            KstatusException.class,
            () -> compute("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  " + metadataField + "\n"));
    assertEquals(message, e.getMessage());
  }

  @Test
  void nonStringConditionStatusIsAnError() {
    KstatusException e =
        assertThrows(
            KstatusException.class,
            () -> widgetWith("{type: Ready, status: true}"));
    assertEquals("cannot read .status.conditions[0].status: expected a string, got the boolean true", e.getMessage());
  }

  @Test
  void unknownPodPhaseIsAnError() {
    KstatusException e =
        assertThrows(
            KstatusException.class,
            () -> compute("apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nstatus: {phase: Sleeping}\n"));
    assertEquals("unknown phase Sleeping", e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({
    "2024-05-31T23:59:46Z, InProgress, PodNotScheduled",
    "2024-05-31T23:59:45Z, Failed, PodUnschedulable",
  })
  void unschedulablePodGetsFifteenSeconds(String created, String status, String reason) {
    KstatusResult r =
        compute(
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: a, creationTimestamp: "%s"}
            status:
              phase: Pending
              conditions: [{type: PodScheduled, status: "False", reason: Unschedulable}]
            """
                .formatted(created));
    assertEquals(status, r.status().label());
    assertEquals(reason, r.conditions().get(0).reason());
  }

  @Test
  void crashLoopingContainersAreListed() {
    KstatusResult r =
        compute(
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: a}
            status:
              phase: Running
              containerStatuses:
              - {name: app, state: {waiting: {reason: CrashLoopBackOff}}}
              - {name: ok, state: {running: {}}}
              - {name: sidecar, state: {waiting: {reason: CrashLoopBackOff}}}
            """);
    assertEquals(KstatusResult.failed("ContainerCrashLooping", "Containers in CrashLoop state: app,sidecar"), r);
  }

  @Test
  void deploymentPastItsDeadlineIsFailedWhateverTheConditionStatus() {
    KstatusResult r =
        compute(
            """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: a}
            status:
              conditions:
              - {type: Progressing, status: "False", reason: ProgressDeadlineExceeded, message: "took too long"}
            """);
    assertEquals(
        new KstatusResult(
            KstatusStatus.FAILED,
            "Progress deadline exceeded",
            List.of(new KstatusCondition("Stalled", "True", "ProgressDeadlineExceeded", "took too long"))),
        r);
  }

  @Test
  void statefulSetPartitionAndRevision() {
    String sts =
        """
        apiVersion: apps/v1
        kind: StatefulSet
        metadata: {name: a}
        spec: {replicas: 3%s}
        status: {replicas: 3, readyReplicas: 3, currentReplicas: 3, updatedReplicas: 1, currentRevision: r1, updateRevision: r2}
        """;
    assertEquals(
        KstatusResult.inProgress("PartitionRollout", "updated: 1/2"),
        compute(sts.formatted(", updateStrategy: {rollingUpdate: {partition: 1}}")));
    assertEquals(
        KstatusResult.current("Partition rollout complete. updated: 1"),
        compute(sts.formatted(", updateStrategy: {rollingUpdate: {partition: 2}}")));
    assertEquals(
        KstatusResult.inProgress("RevisionMismatch", "Waiting for updated revision to match current"),
        compute(sts.formatted("")));
    assertEquals(
        KstatusResult.current("StatefulSet is using the ondelete update strategy"),
        compute(sts.formatted(", updateStrategy: {type: OnDelete}")));
  }

  @Test
  void daemonSetNeedsAGeneration() {
    KstatusResult r = compute("apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: a}\n");
    assertEquals(KstatusResult.inProgress("NoGeneration", "DaemonSet metadata.generation not found"), r);
  }

  @Test
  void crdEstablishedFalseOtherThanInstallingIsFailed() {
    KstatusResult r =
        compute(
            """
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata: {name: a}
            status:
              conditions: [{type: Established, status: "False", reason: Conflict, message: "names conflict"}]
            """);
    assertEquals(KstatusResult.failed("Conflict", "names conflict"), r);
  }
}
