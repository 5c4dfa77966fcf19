package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kinds that report readiness as counts ({@code counts} in health-facts.json): condlint health, the
 * exported Lua (luaj) and the exported CEL (the CEL library for Java) on each state. The objects are
 * written from the kinds' Go types: openkruise/kruise apis/apps/v1alpha1/cloneset_types.go,
 * apis/apps/v1beta1/statefulset_types.go and apis/apps/v1alpha1/daemonset_types.go@07169cfac7b9;
 * kubernetes-sigs/cluster-api api/core/v1beta2/machinehealthcheck_types.go@ae7ff047db49.
 */
class CountsTest {
  static Stream<Arguments> objects() {
    String cloneSet = """
        apiVersion: apps.kruise.io/v1alpha1
        kind: CloneSet
        metadata: {name: web, namespace: default, generation: 2}
        """;
    String statefulSet = """
        apiVersion: apps.kruise.io/v1beta1
        kind: StatefulSet
        metadata: {name: db, namespace: default, generation: 4}
        spec: {replicas: 5, updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: 2}}}
        """;
    String daemonSet = """
        apiVersion: apps.kruise.io/v1alpha1
        kind: DaemonSet
        metadata: {name: agent, namespace: kube-system, generation: 3}
        """;
    String mhc = """
        apiVersion: cluster.x-k8s.io/v1beta2
        kind: MachineHealthCheck
        metadata: {name: workers, namespace: default, generation: 1}
        spec: {clusterName: prod, selector: {matchLabels: {pool: workers}}}
        """;
    return Stream.of(
        // Paused by the spec: the controller stops deliberately, whatever the counts say.
        Arguments.of(cloneSet + """
            spec: {replicas: 3, updateStrategy: {paused: true}}
            status: {replicas: 3, updatedReplicas: 1, availableReplicas: 3, expectedUpdatedReplicas: 3}
            """, "Suspended", "spec.updateStrategy.paused is true", "suspension", "Current"),
        Arguments.of(daemonSet + """
            spec: {updateStrategy: {rollingUpdate: {paused: true}}}
            status: {desiredNumberScheduled: 2, updatedNumberScheduled: 2, numberAvailable: 2}
            """, "Suspended", "spec.updateStrategy.rollingUpdate.paused is true", "suspension", "Current"),
        // CloneSet: every Pod created, updated (expectedUpdatedReplicas: replicas - partition) and available.
        Arguments.of(cloneSet + """
            spec: {replicas: 3}
            status: {observedGeneration: 2, replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 3,
                     updatedReadyReplicas: 3, expectedUpdatedReplicas: 3}
            """, "Healthy", "status.availableReplicas 3 >= spec.replicas 3", "counts", "Current"),
        Arguments.of(cloneSet + """
            spec: {replicas: 3}
            status: {observedGeneration: 2, replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 1,
                     updatedReadyReplicas: 1, expectedUpdatedReplicas: 3}
            """, "Progressing", "status.updatedReplicas 1 < status.expectedUpdatedReplicas 3", "counts", "InProgress"),
        // A partition of 2 holds two Pods at the old revision: one updated Pod is the whole update.
        Arguments.of(cloneSet + """
            spec: {replicas: 3, updateStrategy: {partition: 2}}
            status: {observedGeneration: 2, replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 1,
                     updatedReadyReplicas: 1, expectedUpdatedReplicas: 1}
            """, "Healthy", "status.availableReplicas 3 >= spec.replicas 3", "counts", "Current"),
        // A scale-down under way: more Pods created than desired.
        Arguments.of(cloneSet + """
            spec: {replicas: 2}
            status: {observedGeneration: 2, replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 3,
                     expectedUpdatedReplicas: 2}
            """, "Progressing", "spec.replicas 2 < status.replicas 3", "counts", "InProgress"),
        // spec.replicas unset is 1 (its API's default); availableReplicas 0 is short of it.
        Arguments.of(cloneSet + """
            spec: {}
            status: {observedGeneration: 2, replicas: 1, readyReplicas: 0, availableReplicas: 0, updatedReplicas: 1,
                     expectedUpdatedReplicas: 1}
            """, "Progressing", "status.availableReplicas 0 < spec.replicas 1", "counts", "InProgress"),
        Arguments.of(cloneSet + """
            spec: {replicas: 3}
            status: {observedGeneration: 2}
            """, "Progressing", "Waiting for status.replicas", "phase", "InProgress"),
        // A generation not yet observed decides before any count.
        Arguments.of(cloneSet + """
            spec: {replicas: 3}
            status: {observedGeneration: 1, replicas: 3, availableReplicas: 3, updatedReplicas: 3, expectedUpdatedReplicas: 3}
            """, "Progressing", "Generation 2 not yet observed: status.observedGeneration is 1", "generation", "InProgress"),
        // Advanced StatefulSet: updatedReplicas is always written (no omitempty): not set, it has not been reported.
        Arguments.of(statefulSet + """
            status: {observedGeneration: 4, replicas: 5, readyReplicas: 5, availableReplicas: 5, currentReplicas: 5}
            """, "Unknown", "status.updatedReplicas is not set", "counts", "InProgress"),
        // Advanced StatefulSet: the partition holds two of five Pods back.
        Arguments.of(statefulSet + """
            status: {observedGeneration: 4, replicas: 5, readyReplicas: 5, availableReplicas: 5, currentReplicas: 2,
                     updatedReplicas: 3}
            """, "Healthy", "status.availableReplicas 5 >= spec.replicas 5", "counts", "Current"),
        Arguments.of(statefulSet + """
            status: {observedGeneration: 4, replicas: 5, readyReplicas: 5, availableReplicas: 5, currentReplicas: 3,
                     updatedReplicas: 2}
            """, "Progressing", "status.updatedReplicas 2 < spec.replicas 5 - spec.updateStrategy.rollingUpdate.partition 2",
            "counts", "InProgress"),
        // Advanced DaemonSet: a partition written as a percentage is not read, so the counts never say Healthy.
        Arguments.of(daemonSet + """
            spec: {updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: "20%"}}}
            status: {observedGeneration: 3, desiredNumberScheduled: 5, currentNumberScheduled: 5, numberMisscheduled: 0,
                     numberReady: 5, updatedNumberScheduled: 1, numberAvailable: 5, daemonSetHash: 6d5b}
            """, "Unknown", "spec.updateStrategy.rollingUpdate.partition is not an integer", "counts", "InProgress"),
        // ... but a count read short of its target still decides.
        Arguments.of(daemonSet + """
            spec: {updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: "20%"}}}
            status: {observedGeneration: 3, desiredNumberScheduled: 5, currentNumberScheduled: 5, numberMisscheduled: 0,
                     numberReady: 4, updatedNumberScheduled: 1, numberAvailable: 4, daemonSetHash: 6d5b}
            """, "Progressing", "status.numberAvailable 4 < status.desiredNumberScheduled 5", "counts", "InProgress"),
        Arguments.of(daemonSet + """
            spec: {}
            status: {observedGeneration: 3, desiredNumberScheduled: 2, currentNumberScheduled: 2, numberMisscheduled: 0,
                     numberReady: 2, updatedNumberScheduled: 2, numberAvailable: 2, daemonSetHash: 6d5b}
            """, "Healthy", "status.numberAvailable 2 >= status.desiredNumberScheduled 2", "counts", "Current"),
        // numberAvailable is omitempty: unset is 0.
        Arguments.of(daemonSet + """
            spec: {}
            status: {observedGeneration: 3, desiredNumberScheduled: 3, currentNumberScheduled: 3, numberMisscheduled: 0,
                     numberReady: 0, updatedNumberScheduled: 3, numberUnavailable: 3, daemonSetHash: 6d5b}
            """, "Progressing", "status.numberAvailable 0 < status.desiredNumberScheduled 3", "counts", "InProgress"),
        Arguments.of(daemonSet + """
            spec: {updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: 1}}}
            status: {observedGeneration: 3, desiredNumberScheduled: 3, currentNumberScheduled: 3, numberMisscheduled: 0,
                     numberReady: 3, updatedNumberScheduled: 1, numberAvailable: 3, daemonSetHash: 6d5b}
            """, "Progressing", "status.updatedNumberScheduled 1 < status.desiredNumberScheduled 3"
            + " - spec.updateStrategy.rollingUpdate.partition 1", "counts", "InProgress"),
        // Scheduled to no node: a count of nothing proves nothing (Unknown, never Healthy).
        Arguments.of(daemonSet + """
            spec: {}
            status: {observedGeneration: 3, desiredNumberScheduled: 0, currentNumberScheduled: 0, numberMisscheduled: 0,
                     numberReady: 0, updatedNumberScheduled: 0, daemonSetHash: 6d5b}
            """, "Unknown", "status.numberAvailable 0 >= status.desiredNumberScheduled 0: nothing is desired", "counts",
            "InProgress"),
        // MachineHealthCheck: fewer healthy machines than counted are being remediated (or waiting to be). Its
        // contract's summary (Available, from the Cluster API v1beta2 contract) is not reported: the counts decide,
        // and where none is reported yet, condlint waits for the summary.
        Arguments.of(mhc + """
            status:
              expectedMachines: 3
              currentHealthy: 3
              remediationsAllowed: 3
              observedGeneration: 1
              conditions:
              - {type: RemediationAllowed, status: "True", reason: RemediationAllowed, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Healthy", "status.currentHealthy 3 >= status.expectedMachines 3", "counts", "Current"),
        Arguments.of(mhc + """
            status:
              expectedMachines: 3
              currentHealthy: 2
              remediationsAllowed: 2
              observedGeneration: 1
              conditions:
              - {type: RemediationAllowed, status: "True", reason: RemediationAllowed, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "status.currentHealthy 2 < status.expectedMachines 3", "counts", "InProgress"),
        Arguments.of(mhc + """
            status:
              observedGeneration: 1
              conditions:
              - {type: RemediationAllowed, status: "True", reason: RemediationAllowed, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "Waiting for Available", "summary", "InProgress"));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    EntryHealthTest.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
