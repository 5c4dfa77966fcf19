package dev.condlint.rules.kstatus;

import dev.condlint.rules.kstatus.Unstructured.BasicCondition;
import java.time.Instant;
import java.util.Optional;
import java.util.List;

/** kstatus's rules for the replica-counting workloads: StatefulSet, Deployment, ReplicaSet, DaemonSet. */
final class WorkloadRules {
  private static final String LESS_READY = "LessReady";
  private static final String LESS_AVAILABLE = "LessAvailable";
  private static final String LESS_UPDATED = "LessUpdated";
  private static final String LESS_REPLICAS = "LessReplicas";
  private static final String EXTRA_PODS = "ExtraPods";

  /** The Deployment controller's "no deadline" value of {@code progressDeadlineSeconds}. */
  private static final long NO_PROGRESS_DEADLINE = Integer.MAX_VALUE;

  private WorkloadRules() {}

  /** The StatefulSet controller sets no conditions, so only the counts and revisions tell. */
  static KstatusResult statefulSet(Unstructured u, Optional<Instant> now, Flavour flavour) {
    if (u.stringField("", "spec", "updateStrategy", "type").equals("OnDelete")) {
      return KstatusResult.current("StatefulSet is using the ondelete update strategy");
    }
    long spec = u.intField(1, "spec", "replicas");
    long ready = u.intField(0, "status", "readyReplicas");
    long current = u.intField(0, "status", "currentReplicas");
    long updated = u.intField(0, "status", "updatedReplicas");
    long replicas = u.intField(0, "status", "replicas");
    long partition = u.intField(-1, "spec", "updateStrategy", "rollingUpdate", "partition");
    if (spec > replicas) {
      return KstatusResult.inProgress(LESS_REPLICAS, "Replicas: " + replicas + "/" + spec);
    }
    if (spec > ready) {
      return KstatusResult.inProgress(LESS_READY, "Ready: " + ready + "/" + spec);
    }
    if (replicas > spec) {
      return KstatusResult.inProgress(EXTRA_PODS, "Pending termination: " + (replicas - spec));
    }
    if (partition != -1) {
      if (updated < spec - partition) {
        return KstatusResult.inProgress("PartitionRollout", "updated: " + updated + "/" + (spec - partition));
      }
      return KstatusResult.current("Partition rollout complete. updated: " + updated);
    }
    if (spec > current) {
      return KstatusResult.inProgress("LessCurrent", "current: " + current + "/" + spec);
    }
    String currentRevision = u.stringField("", "status", "currentRevision");
    String updateRevision = u.stringField("", "status", "updateRevision");
    if (!currentRevision.equals(updateRevision)) {
      return KstatusResult.inProgress("RevisionMismatch", "Waiting for updated revision to match current");
    }
    return KstatusResult.current("All replicas scheduled as expected. Replicas: " + replicas);
  }

  /** Failed once {@code Progressing} says ProgressDeadlineExceeded, whatever its status. */
  static KstatusResult deployment(Unstructured u, Optional<Instant> now, Flavour flavour) {
    boolean progressing = u.intField(NO_PROGRESS_DEADLINE, "spec", "progressDeadlineSeconds") == NO_PROGRESS_DEADLINE;
    boolean available = false;
    for (BasicCondition c : u.conditions()) {
      if (c.type().equals("Progressing")) {
        if (c.reason().equals("ProgressDeadlineExceeded")) {
          return new KstatusResult(
              KstatusStatus.FAILED,
              "Progress deadline exceeded",
              List.of(KstatusCondition.stalled(c.reason(), c.message())));
        }
        progressing |= c.status().equals("True") && c.reason().equals("NewReplicaSetAvailable");
      } else if (c.type().equals("Available")) {
        available |= c.status().equals("True");
      }
    }
    long spec = u.intField(1, "spec", "replicas");
    long replicas = u.intField(0, "status", "replicas");
    long updated = u.intField(0, "status", "updatedReplicas");
    long ready = u.intField(0, "status", "readyReplicas");
    long availableReplicas = u.intField(0, "status", "availableReplicas");
    if (spec > replicas) {
      return KstatusResult.inProgress(LESS_REPLICAS, "Replicas: " + replicas + "/" + spec);
    }
    if (spec > updated) {
      return KstatusResult.inProgress(LESS_UPDATED, "Updated: " + updated + "/" + spec);
    }
    if (replicas > spec) {
      return KstatusResult.inProgress(EXTRA_PODS, "Pending termination: " + (replicas - spec));
    }
    if (updated > availableReplicas) {
      return KstatusResult.inProgress(LESS_AVAILABLE, "Available: " + availableReplicas + "/" + updated);
    }
    if (spec > ready) {
      return KstatusResult.inProgress(LESS_READY, "Ready: " + ready + "/" + spec);
    }
    if (!progressing) {
      return KstatusResult.inProgress("ReplicaSetNotAvailable", "ReplicaSet not Available");
    }
    if (!available) {
      return KstatusResult.inProgress("DeploymentNotAvailable", "Deployment not Available");
    }
    return KstatusResult.current("Deployment is available. Replicas: " + replicas);
  }

  static KstatusResult replicaSet(Unstructured u, Optional<Instant> now, Flavour flavour) {
    for (BasicCondition c : u.conditions()) {
      if (c.is("ReplicaFailure", "True")) {
        return KstatusResult.inProgress("ReplicaFailure", "Replica Failure condition. Check Pods");
      }
    }
    long spec = u.intField(1, "spec", "replicas");
    long replicas = u.intField(0, "status", "replicas");
    long ready = u.intField(0, "status", "readyReplicas");
    long available = u.intField(0, "status", "availableReplicas");
    long labelled = u.intField(0, "status", "fullyLabeledReplicas");
    if (spec > labelled) {
      return KstatusResult.inProgress("LessLabelled", "Labelled: " + labelled + "/" + spec);
    }
    if (spec > available) {
      return KstatusResult.inProgress(LESS_AVAILABLE, "Available: " + available + "/" + spec);
    }
    if (spec > ready) {
      return KstatusResult.inProgress(LESS_READY, "Ready: " + ready + "/" + spec);
    }
    if (replicas > spec) {
      return KstatusResult.inProgress(EXTRA_PODS, "Pending termination: " + (replicas - spec));
    }
    return KstatusResult.current("ReplicaSet is available. Replicas: " + replicas);
  }

  /**
   * Unlike the generic check, a DaemonSet must have both generation fields: its controller always
   * sets observedGeneration once it has acted.
   */
  static KstatusResult daemonSet(Unstructured u, Optional<Instant> now, Flavour flavour) {
    if (u.strictInt("metadata", "generation").isEmpty()) {
      String message = u.kind() + " metadata.generation not found";
      return KstatusResult.inProgress("NoGeneration", message);
    }
    if (u.strictInt("status", "observedGeneration").isEmpty()) {
      String message = u.kind() + " status.observedGeneration not found";
      return KstatusResult.inProgress("NoObservedGeneration", message);
    }
    long desired = u.intField(-1, "status", "desiredNumberScheduled");
    long current = u.intField(0, "status", "currentNumberScheduled");
    long updated = u.intField(0, "status", "updatedNumberScheduled");
    long available = u.intField(0, "status", "numberAvailable");
    long ready = u.intField(0, "status", "numberReady");
    if (desired == -1) {
      return KstatusResult.inProgress("NoDesiredNumber", "Missing .status.desiredNumberScheduled");
    }
    if (desired > current) {
      return KstatusResult.inProgress("LessCurrent", "Current: " + current + "/" + desired);
    }
    if (desired > updated) {
      return KstatusResult.inProgress(LESS_UPDATED, "Updated: " + updated + "/" + desired);
    }
    if (desired > available) {
      return KstatusResult.inProgress(LESS_AVAILABLE, "Available: " + available + "/" + desired);
    }
    if (desired > ready) {
      return KstatusResult.inProgress(LESS_READY, "Ready: " + ready + "/" + desired);
    }
    return KstatusResult.current("All replicas scheduled as expected. Replicas: " + desired);
  }
}
