package dev.condlint.rules.kstatus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.kstatus.Unstructured.BasicCondition;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** kstatus's rule for Pods: by phase, with crash loops and unschedulable Pods as Failed. */
final class PodRule {
  /** How long a Pod may stay unschedulable before kstatus calls it Failed. */
  static final Duration SCHEDULE_WINDOW = Duration.ofSeconds(15);

  private PodRule() {}

  static KstatusResult compute(Unstructured u, Optional<Instant> now, Flavour flavour) {
    List<BasicCondition> conditions = u.conditions();
    String phase = u.stringField("", "status", "phase");
    switch (phase) {
      case "Succeeded":
        return KstatusResult.current("Pod has completed successfully");
      case "Failed":
        return KstatusResult.current("Pod has completed, but not successfully");
      case "Running":
        if (conditions.stream().anyMatch(c -> c.is("Ready", "True"))) {
          return KstatusResult.current("Pod is Ready");
        }
        List<String> crashLooping = crashLoopingContainers(u);
        if (!crashLooping.isEmpty()) {
          return KstatusResult.failed(
              "ContainerCrashLooping", "Containers in CrashLoop state: " + String.join(",", crashLooping));
        }
        return KstatusResult.inProgress("PodRunningNotReady", "Pod is running but is not Ready");
      case "Pending":
        Optional<BasicCondition> notScheduled =
            conditions.stream().filter(c -> c.is("PodScheduled", "False")).findFirst();
        if (notScheduled.isPresent() && notScheduled.get().reason().equals("Unschedulable")) {
          // Without a reference time the window cannot have passed: InProgress, not a Failed verdict.
          if (now.isEmpty() || now.get().minus(SCHEDULE_WINDOW).isBefore(u.creationTimestamp())) {
            return KstatusResult.inProgress("PodNotScheduled", "Pod has not been scheduled");
          }
          return KstatusResult.failed("PodUnschedulable", "Pod could not be scheduled");
        }
        return KstatusResult.inProgress("PodPending", "Pod is in the Pending phase");
      case "":
        return KstatusResult.inProgress("PodNotObserved", "Pod phase not available");
      default:
        throw new KstatusException("unknown phase " + phase);
    }
  }

  /** Names of containers waiting with reason CrashLoopBackOff; entries of another shape are an error. */
  private static List<String> crashLoopingContainers(Unstructured u) {
    List<String> names = new ArrayList<>();
    Optional<JsonNode> statuses = u.find("status", "containerStatuses");
    if (statuses.isEmpty()) {
      return names;
    }
    if (!statuses.get().isArray()) {
      throw new KstatusException(
          "cannot read .status.containerStatuses: expected a list, got " + Unstructured.describe(statuses.get()));
    }
    for (JsonNode status : statuses.get()) {
      JsonNode name = status.get("name");
      JsonNode reason = status.path("state").path("waiting").get("reason");
      if (name == null || reason == null) {
        continue;
      }
      if (!name.isTextual() || !reason.isTextual()) {
        throw new KstatusException("cannot read .status.containerStatuses: name and waiting reason must be strings");
      }
      if (reason.asText().equals("CrashLoopBackOff")) {
        names.add(name.asText());
      }
    }
    return names;
  }
}
