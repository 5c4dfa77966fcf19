package dev.condlint.health.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.health.HealthStatus;
import dev.condlint.model.ObjectRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Argo CD's own health assessment of the kinds it judges in Go, without a script: what
 * {@code GetResourceHealth} concludes (argoproj/argo-cd gitops-engine/pkg/health@37ee0097cf85,
 * {@code health.go} and {@code health_<kind>.go}), re-implemented from reading it: deletion first
 * ("Pending deletion", unless Argo CD's hook finalizer holds the object), then Deployment, StatefulSet,
 * DaemonSet and ReplicaSet (apps/v1), Ingress (extensions and networking.k8s.io), Service,
 * PersistentVolumeClaim and Pod (v1), Job (batch/v1), APIService (apiregistration.k8s.io v1 and
 * v1beta1), HorizontalPodAutoscaler (autoscaling v1 and v2) and Argo Workflows' Workflow. Fields are read
 * as Argo CD's typed conversion reads them: absent numbers are 0 and absent pointers nil (no API
 * defaulting happens).
 */
public final class ArgoCdBuiltIn {
  private ArgoCdBuiltIn() {}

  /** Where the assessment is re-implemented from. */
  public static final String SOURCE = "argoproj/argo-cd gitops-engine/pkg/health@37ee0097cf85";

  /** Argo CD's conclusion: a status and message, or none (the kind has no built-in assessment). */
  public record Outcome(HealthStatus status, String message) {}

  /** Whether Argo CD judges the kind in Go (without a resource customization). */
  public static boolean judges(ObjectRef ref) {
    String g = ref.group();
    String k = ref.kind();
    return switch (g) {
      case "apps" -> List.of("Deployment", "StatefulSet", "ReplicaSet", "DaemonSet").contains(k);
      case "extensions", "networking.k8s.io" -> k.equals("Ingress");
      case "argoproj.io" -> k.equals("Workflow");
      case "apiregistration.k8s.io" -> k.equals("APIService");
      case "" -> List.of("Service", "PersistentVolumeClaim", "Pod").contains(k);
      case "batch" -> k.equals("Job");
      case "autoscaling" -> k.equals("HorizontalPodAutoscaler");
      default -> false;
    };
  }

  /** Argo CD's built-in assessment of the object, or empty where it has none for the kind. */
  public static Optional<Outcome> assess(JsonNode obj) {
    ObjectRef ref = ObjectRef.of(obj);
    if (pendingDeletion(obj)) {
      return Optional.of(new Outcome(HealthStatus.PROGRESSING, "Pending deletion"));
    }
    if (!judges(ref)) {
      return Optional.empty();
    }
    String v = ref.version();
    String gvk = ref.group() + "/" + v + ", Kind=" + ref.kind();
    if (ref.group().isEmpty()) {
      gvk = "/" + v + ", Kind=" + ref.kind();
    }
    Outcome unsupported = new Outcome(HealthStatus.UNKNOWN, "unsupported " + kindWord(ref.kind()) + " GVK: " + gvk);
    return Optional.of(switch (ref.group() + "/" + ref.kind()) {
      case "apps/Deployment" -> v.equals("v1") ? deployment(obj) : unsupported;
      case "apps/StatefulSet" -> v.equals("v1") ? statefulSet(obj) : unsupported;
      case "apps/DaemonSet" -> v.equals("v1") ? daemonSet(obj) : unsupported;
      case "apps/ReplicaSet" -> v.equals("v1") ? replicaSet(obj) : unsupported;
      case "extensions/Ingress", "networking.k8s.io/Ingress" ->
          new Outcome(obj.path("status").path("loadBalancer").path("ingress").size() > 0
              ? HealthStatus.HEALTHY : HealthStatus.PROGRESSING, "");
      case "argoproj.io/Workflow" -> workflow(obj);
      case "apiregistration.k8s.io/APIService" -> v.equals("v1") || v.equals("v1beta1") ? apiService(obj) : unsupported;
      case "/Service" -> v.equals("v1") ? service(obj) : unsupported;
      case "/PersistentVolumeClaim" -> v.equals("v1") ? pvc(obj) : unsupported;
      case "/Pod" -> v.equals("v1") ? pod(obj) : unsupported;
      case "batch/Job" -> v.equals("v1") ? job(obj) : unsupported;
      case "autoscaling/HorizontalPodAutoscaler" -> v.equals("v1") ? hpaV1(obj) : v.equals("v2") ? hpa(conditions(obj)) : unsupported;
      default -> unsupported;
    });
  }

  /** Whether Argo CD calls the object Progressing, "Pending deletion", before any assessment of its kind. */
  public static boolean pendingDeletion(JsonNode obj) {
    return !text(obj.path("metadata").path("deletionTimestamp")).isEmpty() && !hookFinalizer(obj);
  }

  private static String kindWord(String kind) {
    return kind.equals("HorizontalPodAutoscaler") ? "HPA" : kind;
  }

  private static Outcome deployment(JsonNode d) {
    JsonNode spec = d.path("spec");
    JsonNode status = d.path("status");
    if (spec.path("paused").asBoolean(false)) {
      return new Outcome(HealthStatus.SUSPENDED, "Deployment is paused");
    }
    if (number(d.path("metadata").path("generation")) > number(status.path("observedGeneration"))) {
      return new Outcome(HealthStatus.PROGRESSING,
          "Waiting for rollout to finish: observed deployment generation less than desired generation");
    }
    Optional<JsonNode> progressing = condition(status, "Progressing");
    long updated = number(status.path("updatedReplicas"));
    long replicas = number(status.path("replicas"));
    long available = number(status.path("availableReplicas"));
    if (progressing.isPresent() && text(progressing.get().path("reason")).equals("ProgressDeadlineExceeded")) {
      return new Outcome(HealthStatus.DEGRADED, "Deployment \"" + name(d) + "\" exceeded its progress deadline");
    }
    if (spec.path("replicas").isNumber() && updated < number(spec.path("replicas"))) {
      return new Outcome(HealthStatus.PROGRESSING, "Waiting for rollout to finish: " + updated + " out of "
          + number(spec.path("replicas")) + " new replicas have been updated...");
    }
    if (replicas > updated) {
      return new Outcome(HealthStatus.PROGRESSING, "Waiting for rollout to finish: " + (replicas - updated)
          + " old replicas are pending termination...");
    }
    if (available < updated) {
      return new Outcome(HealthStatus.PROGRESSING, "Waiting for rollout to finish: " + available + " of " + updated
          + " updated replicas are available...");
    }
    return new Outcome(HealthStatus.HEALTHY, "");
  }

  private static Outcome statefulSet(JsonNode s) {
    JsonNode spec = s.path("spec");
    JsonNode status = s.path("status");
    long observed = number(status.path("observedGeneration"));
    if (observed == 0 || number(s.path("metadata").path("generation")) > observed) {
      return new Outcome(HealthStatus.PROGRESSING, "Waiting for statefulset spec update to be observed...");
    }
    boolean replicasSet = spec.path("replicas").isNumber();
    long replicas = number(spec.path("replicas"));
    long ready = number(status.path("readyReplicas"));
    long updated = number(status.path("updatedReplicas"));
    if (replicasSet && ready < replicas) {
      return new Outcome(HealthStatus.PROGRESSING, "Waiting for " + (replicas - ready) + " pods to be ready...");
    }
    JsonNode strategy = spec.path("updateStrategy");
    String type = text(strategy.path("type"));
    if (type.equals("RollingUpdate") && strategy.path("rollingUpdate").isObject()) {
      JsonNode partition = strategy.path("rollingUpdate").path("partition");
      if (replicasSet && partition.isNumber() && updated < replicas - partition.asLong()) {
        return new Outcome(HealthStatus.PROGRESSING, "Waiting for partitioned roll out to finish: " + updated
            + " out of " + (replicas - partition.asLong()) + " new pods have been updated...");
      }
      return new Outcome(HealthStatus.HEALTHY, "partitioned roll out complete: " + updated + " new pods have been updated...");
    }
    if (type.equals("OnDelete")) {
      return new Outcome(HealthStatus.HEALTHY, "statefulset has " + ready + " ready pods");
    }
    String update = text(status.path("updateRevision"));
    String current = text(status.path("currentRevision"));
    if (!update.equals(current)) {
      return new Outcome(HealthStatus.PROGRESSING, "waiting for statefulset rolling update to complete " + updated
          + " pods at revision " + update + "...");
    }
    return new Outcome(HealthStatus.HEALTHY, "statefulset rolling update complete " + number(status.path("currentReplicas"))
        + " pods at revision " + current + "...");
  }

  private static Outcome daemonSet(JsonNode d) {
    JsonNode status = d.path("status");
    if (number(d.path("metadata").path("generation")) > number(status.path("observedGeneration"))) {
      return new Outcome(HealthStatus.PROGRESSING,
          "Waiting for rollout to finish: observed daemon set generation less than desired generation");
    }
    long updated = number(status.path("updatedNumberScheduled"));
    long desired = number(status.path("desiredNumberScheduled"));
    long available = number(status.path("numberAvailable"));
    if (text(d.path("spec").path("updateStrategy").path("type")).equals("OnDelete")) {
      return new Outcome(HealthStatus.HEALTHY, "daemon set " + updated + " out of " + desired + " new pods have been updated");
    }
    if (updated < desired) {
      return new Outcome(HealthStatus.PROGRESSING, "Waiting for daemon set \"" + name(d) + "\" rollout to finish: " + updated
          + " out of " + desired + " new pods have been updated...");
    }
    if (available < desired) {
      return new Outcome(HealthStatus.PROGRESSING, "Waiting for daemon set \"" + name(d) + "\" rollout to finish: "
          + available + " of " + desired + " updated pods are available...");
    }
    return new Outcome(HealthStatus.HEALTHY, "");
  }

  private static Outcome replicaSet(JsonNode r) {
    JsonNode status = r.path("status");
    if (number(r.path("metadata").path("generation")) > number(status.path("observedGeneration"))) {
      return new Outcome(HealthStatus.PROGRESSING,
          "Waiting for rollout to finish: observed replica set generation less than desired generation");
    }
    Optional<JsonNode> failure = condition(status, "ReplicaFailure");
    if (failure.isPresent() && text(failure.get().path("status")).equals("True")) {
      return new Outcome(HealthStatus.DEGRADED, text(failure.get().path("message")));
    }
    JsonNode replicas = r.path("spec").path("replicas");
    long available = number(status.path("availableReplicas"));
    if (replicas.isNumber() && available < replicas.asLong()) {
      return new Outcome(HealthStatus.PROGRESSING, "Waiting for rollout to finish: " + available + " out of "
          + replicas.asLong() + " new replicas are available...");
    }
    return new Outcome(HealthStatus.HEALTHY, "");
  }

  private static Outcome service(JsonNode s) {
    if (text(s.path("spec").path("type")).equals("LoadBalancer")) {
      return new Outcome(s.path("status").path("loadBalancer").path("ingress").size() > 0
          ? HealthStatus.HEALTHY : HealthStatus.PROGRESSING, "");
    }
    return new Outcome(HealthStatus.HEALTHY, "");
  }

  private static Outcome pvc(JsonNode p) {
    return new Outcome(switch (text(p.path("status").path("phase"))) {
      case "Lost" -> HealthStatus.DEGRADED;
      case "Pending" -> HealthStatus.PROGRESSING;
      case "Bound" -> HealthStatus.HEALTHY;
      default -> HealthStatus.UNKNOWN;
    }, "");
  }

  private static Outcome job(JsonNode j) {
    boolean failed = false;
    boolean complete = false;
    boolean suspended = false;
    String failMessage = "";
    String message = "";
    // By type, whatever the status: Argo CD reads a Failed or Complete condition as written at all.
    for (JsonNode c : j.path("status").path("conditions")) {
      switch (text(c.path("type"))) {
        case "Failed" -> {
          failed = true;
          complete = true;
          failMessage = text(c.path("message"));
        }
        case "Complete" -> {
          complete = true;
          message = text(c.path("message"));
        }
        case "Suspended" -> {
          complete = true;
          message = text(c.path("message"));
          suspended = suspended || text(c.path("status")).equals("True");
        }
        default -> { }
      }
    }
    if (!complete) {
      return new Outcome(HealthStatus.PROGRESSING, message);
    }
    if (failed) {
      return new Outcome(HealthStatus.DEGRADED, failMessage);
    }
    return new Outcome(suspended ? HealthStatus.SUSPENDED : HealthStatus.HEALTHY, message);
  }

  private static Outcome apiService(JsonNode a) {
    for (JsonNode c : a.path("status").path("conditions")) {
      if (text(c.path("type")).equals("Available")) {
        String message = text(c.path("reason")) + ": " + text(c.path("message"));
        return new Outcome(text(c.path("status")).equals("True") ? HealthStatus.HEALTHY : HealthStatus.PROGRESSING, message);
      }
    }
    return new Outcome(HealthStatus.PROGRESSING, "Waiting to be processed");
  }

  private static final Outcome WAITING_TO_AUTOSCALE = new Outcome(HealthStatus.PROGRESSING, "Waiting to Autoscale");

  private static Outcome hpaV1(JsonNode h) {
    JsonNode annotation = h.path("metadata").path("annotations").path("autoscaling.alpha.kubernetes.io/conditions");
    if (!annotation.isTextual()) {
      return WAITING_TO_AUTOSCALE;
    }
    try {
      JsonNode list = new ObjectMapper().readTree(annotation.asText());
      List<JsonNode> conditions = new ArrayList<>();
      list.forEach(conditions::add);
      return conditions.isEmpty() ? WAITING_TO_AUTOSCALE : hpa(conditions);
    } catch (java.io.IOException e) {
      return new Outcome(HealthStatus.UNKNOWN, "failed to convert conditions annotation to typed: " + e.getMessage());
    }
  }

  /** Reasons of AbleToScale and ScalingActive that Argo CD reads as a failure. */
  private static final List<String> HPA_FAILURES = List.of("AbleToScale/FailedGetScale", "AbleToScale/FailedUpdateScale",
      "ScalingActive/FailedGetResourceMetric", "ScalingActive/FailedGetObjectMetric", "ScalingActive/FailedGetPodsMetric",
      "ScalingActive/FailedGetExternalMetric", "ScalingActive/FailedComputeMetricsReplicas", "ScalingActive/InvalidSelector");

  private static Outcome hpa(List<JsonNode> conditions) {
    for (JsonNode c : conditions) {
      if (HPA_FAILURES.contains(text(c.path("type")) + "/" + text(c.path("reason")))) {
        return new Outcome(HealthStatus.DEGRADED, text(c.path("message")));
      }
    }
    for (JsonNode c : conditions) {
      String type = text(c.path("type"));
      if ((type.equals("AbleToScale") || type.equals("ScalingLimited")) && text(c.path("status")).equals("True")) {
        return new Outcome(HealthStatus.HEALTHY, text(c.path("message")));
      }
    }
    return WAITING_TO_AUTOSCALE;
  }

  private static Outcome workflow(JsonNode w) {
    String message = text(w.path("status").path("message"));
    return new Outcome(switch (text(w.path("status").path("phase"))) {
      case "", "Pending", "Running" -> HealthStatus.PROGRESSING;
      case "Succeeded" -> HealthStatus.HEALTHY;
      case "Failed", "Error" -> HealthStatus.DEGRADED;
      default -> HealthStatus.UNKNOWN;
    }, message);
  }

  private static Outcome pod(JsonNode p) {
    JsonNode status = p.path("status");
    String policy = text(p.path("spec").path("restartPolicy"));
    boolean ignoreRestartPolicy = text(p.path("metadata").path("annotations").path("argocd.argoproj.io/ignore-restart-policy"))
        .equals("true");
    boolean always = policy.equals("Always") || ignoreRestartPolicy && !hook(p);
    String message = text(status.path("message"));
    if (always) {
      List<String> messages = new ArrayList<>();
      for (JsonNode c : status.path("containerStatuses")) {
        JsonNode waiting = c.path("state").path("waiting");
        String reason = text(waiting.path("reason"));
        if (waiting.isObject() && (reason.startsWith("Err") || reason.endsWith("Error") || reason.endsWith("BackOff"))) {
          messages.add(text(waiting.path("message")));
        }
      }
      if (!messages.isEmpty()) {
        return new Outcome(HealthStatus.DEGRADED, String.join(", ", messages));
      }
    }
    switch (text(status.path("phase"))) {
      case "Pending":
        return new Outcome(HealthStatus.PROGRESSING, message);
      case "Succeeded":
        return new Outcome(HealthStatus.HEALTHY, message);
      case "Failed":
        if (!message.isEmpty()) {
          return new Outcome(HealthStatus.DEGRADED, message);
        }
        List<JsonNode> containers = new ArrayList<>();
        status.path("initContainerStatuses").forEach(containers::add);
        status.path("containerStatuses").forEach(containers::add);
        for (JsonNode c : containers) {
          JsonNode terminated = c.path("state").path("terminated");
          if (terminated.isObject()) {
            if (!text(terminated.path("message")).isEmpty()) {
              return new Outcome(HealthStatus.DEGRADED, text(terminated.path("message")));
            }
            if (text(terminated.path("reason")).equals("OOMKilled")) {
              return new Outcome(HealthStatus.DEGRADED, "OOMKilled");
            }
            if (number(terminated.path("exitCode")) != 0) {
              return new Outcome(HealthStatus.DEGRADED, "container \"" + text(c.path("name")) + "\" failed with exit code "
                  + number(terminated.path("exitCode")));
            }
          }
        }
        return new Outcome(HealthStatus.DEGRADED, "");
      case "Running":
        if (always) {
          if (condition(status, "Ready").map(c -> text(c.path("status")).equals("True")).orElse(false)) {
            return new Outcome(HealthStatus.HEALTHY, message);
          }
          for (JsonNode c : status.path("containerStatuses")) {
            if (c.path("lastState").path("terminated").isObject()) {
              return new Outcome(HealthStatus.DEGRADED, message);
            }
          }
          return new Outcome(HealthStatus.PROGRESSING, message);
        }
        if (policy.equals("OnFailure") || policy.equals("Never")) {
          return new Outcome(HealthStatus.PROGRESSING, message);
        }
        return new Outcome(HealthStatus.UNKNOWN, message);
      default:
        return new Outcome(HealthStatus.UNKNOWN, message);
    }
  }

  /** Argo CD's hook annotation (other than Skip alone), or Helm's. */
  private static boolean hook(JsonNode obj) {
    JsonNode annotations = obj.path("metadata").path("annotations");
    JsonNode argo = annotations.path("argocd.argoproj.io/hook");
    if (argo.isTextual()) {
      List<String> types = new ArrayList<>();
      for (String t : argo.asText().split(",")) {
        if (!t.trim().isEmpty()) {
          types.add(t.trim());
        }
      }
      return !types.equals(List.of("Skip"));
    }
    return annotations.path("helm.sh/hook").isTextual();
  }

  private static boolean hookFinalizer(JsonNode obj) {
    for (JsonNode f : obj.path("metadata").path("finalizers")) {
      if (text(f).equals("argocd.argoproj.io/hook-finalizer")) {
        return true;
      }
    }
    return false;
  }

  private static List<JsonNode> conditions(JsonNode obj) {
    List<JsonNode> out = new ArrayList<>();
    obj.path("status").path("conditions").forEach(out::add);
    return out;
  }

  private static Optional<JsonNode> condition(JsonNode status, String type) {
    for (JsonNode c : status.path("conditions")) {
      if (text(c.path("type")).equals(type)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  private static String name(JsonNode obj) {
    return text(obj.path("metadata").path("name"));
  }

  private static long number(JsonNode n) {
    return n.isNumber() ? n.asLong() : 0;
  }

  private static String text(JsonNode n) {
    return n.isTextual() ? n.asText() : "";
  }
}
