package dev.condlint.health.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * condlint's re-implementation of Argo CD's built-in health assessments, held to Argo CD's own tests
 * (gitops-engine/pkg/health/health_test.go at argoproj/argo-cd@37ee0097cf85) on their own objects
 * (test resources argo-cd/gitops-engine/pkg/health/testdata, Apache-2.0, see SOURCE there).
 */
class ArgoCdBuiltInTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "deployment-progressing.yaml | Progressing |",
      "deployment-suspended.yaml | Suspended | Deployment is paused",
      "deployment-degraded.yaml | Degraded |",
      "statefulset.yaml | Healthy |",
      "statefulset-ondelete.yaml | Healthy |",
      "daemonset-ondelete.yaml | Healthy |",
      "pvc-bound.yaml | Healthy |",
      "pvc-pending.yaml | Progressing |",
      "svc-clusterip.yaml | Healthy |",
      "svc-loadbalancer.yaml | Healthy |",
      "svc-loadbalancer-unassigned.yaml | Progressing |",
      "svc-loadbalancer-nonemptylist.yaml | Healthy |",
      "ingress.yaml | Healthy |",
      "ingress-unassigned.yaml | Progressing |",
      "ingress-nonemptylist.yaml | Healthy |",
      "knative-service.yaml | (none) |",
      "job-running.yaml | Progressing |",
      "job-failed.yaml | Degraded |",
      "job-succeeded.yaml | Healthy |",
      "job-suspended.yaml | Suspended | Job suspended",
      "hpa-v2-healthy.yaml | Healthy |",
      "hpa-v2-degraded.yaml | Degraded |",
      "hpa-v2-progressing.yaml | Progressing | Waiting to Autoscale",
      "hpa-v1-degraded.yaml | Degraded |",
      "hpa-v1-degraded-failedgetobjectmetric.yaml | Degraded |",
      "hpa-v1-healthy.yaml | Healthy |",
      "hpa-v1-healthy-toofew.yaml | Healthy |",
      "hpa-v1-progressing.yaml | Progressing |",
      "hpa-v1-progressing-with-no-annotations.yaml | Progressing | Waiting to Autoscale",
      "pod-pending.yaml | Progressing |",
      "pod-running-not-ready.yaml | Progressing |",
      "pod-crashloop.yaml | Degraded |",
      "pod-imagepullbackoff.yaml | Degraded |",
      "pod-error.yaml | Degraded |",
      "pod-running-restart-always.yaml | Healthy |",
      "pod-running-restart-never.yaml | Progressing |",
      "pod-running-restart-never-with-ignore-annotation.yaml | Healthy |",
      "pod-running-restart-never-hook-with-ignore-annotation.yaml | Progressing |",
      "pod-running-restart-never-with-ignore-annotation-backoff.yaml | Degraded |",
      "pod-running-restart-onfailure.yaml | Progressing |",
      "pod-failed.yaml | Degraded |",
      "pod-succeeded.yaml | Healthy |",
      "pod-deletion.yaml | Progressing | Pending deletion",
      "application-healthy.yaml | (none) |",
      "application-degraded.yaml | (none) |",
      "apiservice-v1-true.yaml | Healthy |",
      "apiservice-v1-false.yaml | Progressing |",
      "apiservice-v1beta1-true.yaml | Healthy |",
      "apiservice-v1beta1-false.yaml | Progressing |",
  })
  void agreesWithArgoCdsOwnTests(String file, String status, String message) throws IOException {
    Optional<ArgoCdBuiltIn.Outcome> o = ArgoCdBuiltIn.assess(object(file));
    assertEquals(status, o.map(x -> x.status().label()).orElse("(none)"));
    if (message != null) {
      assertEquals(message, o.orElseThrow().message());
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "apps/v1beta2 | Deployment | Unknown | unsupported Deployment GVK: apps/v1beta2, Kind=Deployment",
      "autoscaling/v2beta2 | HorizontalPodAutoscaler | Unknown | unsupported HPA GVK: autoscaling/v2beta2, Kind=HorizontalPodAutoscaler",
      "v1 | Service | Healthy | ''",
      "v1 | ConfigMap | (none) | ''",
  })
  void judgesByGroupKindAndVersion(String apiVersion, String kind, String status, String message) throws IOException {
    JsonNode object = YamlDocuments.load("o.yaml", "apiVersion: " + apiVersion + "\nkind: " + kind
        + "\nmetadata: {name: x}\nspec: {}\n").documents().get(0).object();
    Optional<ArgoCdBuiltIn.Outcome> o = ArgoCdBuiltIn.assess(object);
    assertEquals(status + " | " + message, o.map(x -> x.status().label() + " | " + x.message()).orElse("(none) | "));
  }

  private static JsonNode object(String file) throws IOException {
    try (InputStream in = ArgoCdBuiltInTest.class.getResourceAsStream("/argo-cd/gitops-engine/pkg/health/testdata/" + file)) {
      return YamlDocuments.load(file, new String(in.readAllBytes(), StandardCharsets.UTF_8)).documents().get(0).object();
    }
  }
}
