package dev.condlint.rules.kstatus;

import dev.condlint.rules.kstatus.Unstructured.BasicCondition;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * kstatus's {@code legacyTypes}: the built-in kinds with their own status rule, keyed by
 * {@code group/Kind}, and the rules of the kinds that need only a few lines.
 */
final class LegacyRules {
  private static final Map<String, LegacyRule> BY_GROUP_KIND =
      Map.ofEntries(
          Map.entry("Service", LegacyRules::service),
          Map.entry("Pod", PodRule::compute),
          Map.entry("Secret", LegacyRules::alwaysReady),
          Map.entry("PersistentVolumeClaim", LegacyRules::persistentVolumeClaim),
          Map.entry("apps/StatefulSet", WorkloadRules::statefulSet),
          Map.entry("apps/DaemonSet", WorkloadRules::daemonSet),
          Map.entry("extensions/DaemonSet", WorkloadRules::daemonSet),
          Map.entry("apps/Deployment", WorkloadRules::deployment),
          Map.entry("extensions/Deployment", WorkloadRules::deployment),
          Map.entry("apps/ReplicaSet", WorkloadRules::replicaSet),
          Map.entry("extensions/ReplicaSet", WorkloadRules::replicaSet),
          Map.entry("policy/PodDisruptionBudget", LegacyRules::podDisruptionBudget),
          Map.entry("batch/CronJob", LegacyRules::alwaysReady),
          Map.entry("ConfigMap", LegacyRules::alwaysReady),
          Map.entry("batch/Job", LegacyRules::job),
          Map.entry("apiextensions.k8s.io/CustomResourceDefinition", LegacyRules::customResourceDefinition));

  private LegacyRules() {}

  static Optional<LegacyRule> forGroupKind(String groupKind) {
    return Optional.ofNullable(BY_GROUP_KIND.get(groupKind));
  }

  private static KstatusResult alwaysReady(Unstructured u, Optional<Instant> now, Flavour flavour) {
    return KstatusResult.current("Resource is always ready");
  }

  private static KstatusResult persistentVolumeClaim(Unstructured u, Optional<Instant> now, Flavour flavour) {
    String phase = u.stringField("unknown", "status", "phase");
    if (!phase.equals("Bound")) {
      return KstatusResult.inProgress("NotBound", "PVC is not Bound. phase: " + phase);
    }
    return KstatusResult.current("PVC is Bound");
  }

  /** The generic generation check already ran, so the disruption controller has seen this spec. */
  private static KstatusResult podDisruptionBudget(Unstructured u, Optional<Instant> now, Flavour flavour) {
    return KstatusResult.current("AllowedDisruptions has been computed.");
  }

  private static KstatusResult service(Unstructured u, Optional<Instant> now, Flavour flavour) {
    String type = u.stringField("ClusterIP", "spec", "type");
    String clusterIp = u.stringField("", "spec", "clusterIP");
    if (type.equals("LoadBalancer") && clusterIp.isEmpty()) {
      return KstatusResult.inProgress("NoIPAssigned", "ClusterIP not set. Service type: LoadBalancer");
    }
    return KstatusResult.current("Service is ready");
  }

  /**
   * Current once started (even while running), Failed on {@code Failed=True}, and, in the upstream
   * flavour, Current while suspended: {@code Suspended=True} counts only with {@code spec.suspend:
   * true}, so a Job resumed before its controller has cleared the condition and set {@code startTime}
   * is still "not started". The Flux flavour has no suspended case.
   */
  private static KstatusResult job(Unstructured u, Optional<Instant> now, Flavour flavour) {
    long parallelism = u.intField(1, "spec", "parallelism");
    long completions = u.intField(parallelism, "spec", "completions");
    long succeeded = u.intField(0, "status", "succeeded");
    long active = u.intField(0, "status", "active");
    long failed = u.intField(0, "status", "failed");
    String startTime = u.stringField("", "status", "startTime");
    boolean suspended = flavour.hasSuspendedJobs() && u.boolField(false, "spec", "suspend");
    for (BasicCondition c : u.conditions()) {
      if (!c.status().equals("True")) {
        continue;
      }
      switch (c.type()) {
        case "Complete":
          return KstatusResult.current("Job Completed. succeeded: " + succeeded + "/" + completions);
        case "Failed":
          return KstatusResult.failed("JobFailed", "Job Failed. failed: " + failed + "/" + completions);
        case "Suspended":
          if (suspended) {
            return KstatusResult.current("Job is suspended");
          }
          break;
        default:
          break;
      }
    }
    if (startTime.isEmpty()) {
      return KstatusResult.inProgress("JobNotStarted", "Job not started");
    }
    return KstatusResult.current(
        "Job in progress. success:" + succeeded + ", active: " + active + ", failed: " + failed);
  }

  private static KstatusResult customResourceDefinition(Unstructured u, Optional<Instant> now, Flavour flavour) {
    for (BasicCondition c : u.conditions()) {
      if (c.is("NamesAccepted", "False")) {
        return KstatusResult.failed(c.reason(), c.message());
      }
      if (c.type().equals("Established")) {
        if (c.status().equals("False") && !c.reason().equals("Installing")) {
          return KstatusResult.failed(c.reason(), c.message());
        }
        if (c.status().equals("True")) {
          return KstatusResult.current("CRD is established");
        }
      }
    }
    return KstatusResult.inProgress("Installing", "Install in progress");
  }
}
