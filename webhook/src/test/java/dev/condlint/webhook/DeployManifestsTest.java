package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Renders deploy/ with {@code kubectl kustomize} (skipped when kubectl is not on the PATH) and checks
 * what keeps the webhook from taking a cluster down, and its least privilege.
 */
class DeployManifestsTest {
  private static final Path DEPLOY = Path.of("..", "deploy");

  private static List<JsonNode> render(String dir) throws IOException, InterruptedException {
    assumeTrue(KubectlTest.kubectlOnPath(), "kubectl is not on the PATH; skipping the rendering of deploy/");
    Process p = new ProcessBuilder("kubectl", "kustomize", DEPLOY.resolve(dir).toString())
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
        .redirectErrorStream(false)
        .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "kubectl kustomize did not finish");
    assertEquals(0, p.exitValue(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    ParsedFile parsed = new YamlReader().read(dir, out);
    assertEquals(List.of(), parsed.problems());
    List<JsonNode> objects = new ArrayList<>();
    for (ParsedDocument d : parsed.documents()) {
      objects.add(d.root());
    }
    return objects;
  }

  private static JsonNode only(List<JsonNode> objects, String kind, String name) {
    List<JsonNode> found = objects.stream()
        .filter(o -> o.path("kind").asText().equals(kind) && o.path("metadata").path("name").asText().equals(name))
        .toList();
    assertEquals(1, found.size(), kind + "/" + name);
    return found.get(0);
  }

  @Test
  void theWebhookConfigurationCannotTakeTheClusterDown() throws Exception {
    JsonNode config = only(render("."), "ValidatingWebhookConfiguration", "condlint");
    assertEquals(2, config.path("webhooks").size());
    for (JsonNode webhook : config.path("webhooks")) {
      String name = webhook.path("name").asText();
      assertEquals("Ignore", webhook.path("failurePolicy").asText(), name);
      assertEquals("None", webhook.path("sideEffects").asText(), name);
      assertEquals(3, webhook.path("timeoutSeconds").asInt(), name);
      assertEquals("[\"v1\"]", webhook.path("admissionReviewVersions").toString(), name);
      assertEquals("/validate", webhook.path("clientConfig").path("service").path("path").asText(), name);
      assertEquals(
          "request.userInfo.username != 'system:serviceaccount:condlint:condlint-webhook'",
          webhook.path("matchConditions").get(0).path("expression").asText(), name);
      for (JsonNode rule : webhook.path("rules")) {
        for (JsonNode group : rule.path("apiGroups")) {
          assertFalse(List.of("", "*", "apps", "batch").contains(group.asText()), name + " matches core workloads: " + group);
        }
      }
    }
    JsonNode status = config.path("webhooks").get(1);
    assertEquals("[\"*/status\"]", status.path("rules").get(0).path("resources").toString());
    assertEquals("[\"UPDATE\"]", status.path("rules").get(0).path("operations").toString());
    JsonNode excluded = status.path("namespaceSelector").path("matchExpressions").get(0);
    assertEquals("NotIn", excluded.path("operator").asText());
    assertEquals("[\"kube-system\",\"condlint\"]", excluded.path("values").toString());
    JsonNode crds = config.path("webhooks").get(0).path("rules").get(0);
    assertEquals("[\"customresourcedefinitions\"]", crds.path("resources").toString());
  }

  @Test
  void rbacGrantsOnlyWhatTheWebhookNeeds() throws Exception {
    List<JsonNode> objects = render(".");
    assertEquals(
        "[{\"apiGroups\":[\"apiextensions.k8s.io\"],\"resources\":[\"customresourcedefinitions\"],"
            + "\"verbs\":[\"list\",\"watch\"]}]",
        only(objects, "ClusterRole", "condlint-webhook").path("rules").toString(),
        "the webhook reads its certificate from a mounted Secret and touches nothing else");
    assertEquals(
        "[{\"apiGroups\":[\"admissionregistration.k8s.io\"],\"resourceNames\":[\"condlint\"],"
            + "\"resources\":[\"validatingwebhookconfigurations\"],\"verbs\":[\"get\",\"update\"]}]",
        only(objects, "ClusterRole", "condlint-certs").path("rules").toString());
    JsonNode role = only(objects, "Role", "condlint-webhook-tls");
    assertEquals("condlint", role.path("metadata").path("namespace").asText());
    assertEquals(
        "[{\"apiGroups\":[\"\"],\"resourceNames\":[\"condlint-webhook-tls\"],\"resources\":[\"secrets\"],"
            + "\"verbs\":[\"get\",\"update\"]}]",
        role.path("rules").toString());
    assertEquals(
        List.of("ClusterRoleBinding condlint-certs -> condlint-certs",
            "ClusterRoleBinding condlint-webhook -> condlint-webhook",
            "RoleBinding condlint-webhook-tls -> condlint-certs"),
        bindings(objects), "the certificate rights belong to the rotation job's own service account");
    assertEquals(
        List.of("ClusterRole condlint-certs", "ClusterRole condlint-webhook", "Role condlint-webhook-tls",
            "ServiceAccount condlint-certs", "ServiceAccount condlint-webhook"),
        identitiesAndRoles(objects));
  }

  /** {@code Kind name -> service account, ...} for every binding, with every subject, sorted. */
  private static List<String> bindings(List<JsonNode> objects) {
    return objects.stream()
        .filter(o -> o.path("kind").asText().endsWith("RoleBinding"))
        .map(o -> o.path("kind").asText() + " " + o.path("metadata").path("name").asText() + " -> "
            + StreamSupport.stream(o.path("subjects").spliterator(), false)
                .map(subject -> subject.path("name").asText()).collect(Collectors.joining(", ")))
        .sorted()
        .toList();
  }

  /** {@code Kind name} of every service account and role, sorted: who may exist, and which rights. */
  private static List<String> identitiesAndRoles(List<JsonNode> objects) {
    return objects.stream()
        .filter(o -> List.of("ServiceAccount", "ClusterRole", "Role").contains(o.path("kind").asText()))
        .map(o -> o.path("kind").asText() + " " + o.path("metadata").path("name").asText())
        .sorted()
        .toList();
  }

  @Test
  void theDeploymentRunsTwoLockedDownReplicasWithProbesAndBounds() throws Exception {
    List<JsonNode> objects = render(".");
    JsonNode deployment = only(objects, "Deployment", "condlint-webhook");
    JsonNode pod = deployment.path("spec").path("template").path("spec");
    JsonNode container = pod.path("containers").get(0);
    assertEquals(2, deployment.path("spec").path("replicas").asInt());
    assertTrue(pod.path("affinity").path("podAntiAffinity").isObject());
    assertTrue(pod.path("securityContext").path("runAsNonRoot").asBoolean());
    assertEquals(false, container.path("securityContext").path("allowPrivilegeEscalation").asBoolean(true));
    assertTrue(container.path("securityContext").path("readOnlyRootFilesystem").asBoolean());
    assertEquals("[\"ALL\"]", container.path("securityContext").path("capabilities").path("drop").toString());
    // Probes in plain HTTP on their own port: the kubelet presents no client certificate.
    assertEquals("{\"path\":\"/readyz\",\"port\":\"probes\",\"scheme\":\"HTTP\"}",
        container.path("readinessProbe").path("httpGet").toString());
    assertEquals("{\"path\":\"/healthz\",\"port\":\"probes\",\"scheme\":\"HTTP\"}",
        container.path("livenessProbe").path("httpGet").toString());
    assertEquals("[{\"containerPort\":8443,\"name\":\"https\",\"protocol\":\"TCP\"},"
        + "{\"containerPort\":8080,\"name\":\"probes\",\"protocol\":\"TCP\"}]", container.path("ports").toString());
    assertTrue(container.path("args").toString().contains("\"--probe-port=8080\""), container.path("args").toString());
    // In the pod, with its service account: the cluster's CRDs, waited for at most 30 s.
    Main main = new Main();
    new CommandLine(main).parseArgs(StreamSupport.stream(container.path("args").spliterator(), false)
        .map(JsonNode::asText).toArray(String[]::new));
    assertEquals(List.of(Optional.empty(), Duration.ofSeconds(30)),
        List.of(main.options().kubeconfig(), main.options().crdSyncWait()));
    assertTrue(Main.learnsCrds(main.clusterCrds, false, true));
    assertEquals(5, container.path("lifecycle").path("preStop").path("sleep").path("seconds").asInt());
    assertTrue(pod.path("terminationGracePeriodSeconds").asInt() >= 5 + 20, "room for preStop and the drain");
    assertTrue(container.path("resources").path("requests").has("cpu"));
    assertTrue(container.path("resources").path("limits").has("memory"));
    assertEquals("warn", container.path("env").get(0).path("value").asText());
    // JVM flags in the command: JAVA_TOOL_OPTIONS makes the JVM print a line that is not JSON.
    assertEquals("[\"java\",\"-XX:MaxRAMPercentage=40\",\"-XX:+ExitOnOutOfMemoryError\",\"-XX:+UseSerialGC\","
        + "\"-XX:NewRatio=1\",\"-cp\",\"@/app/jib-classpath-file\",\"dev.condlint.webhook.Main\"]",
        container.path("command").toString());
    assertFalse(render(".").toString().contains("JAVA_TOOL_OPTIONS"));
    assertEquals("{\"limits\":{\"memory\":\"512Mi\"},\"requests\":{\"cpu\":\"100m\",\"memory\":\"256Mi\"}}",
        container.path("resources").toString());
    assertEquals(1, only(objects, "PodDisruptionBudget", "condlint-webhook").path("spec").path("minAvailable").asInt());
  }

  @Test
  void theNetworkPolicyAdmitsOnlyTheAdmissionPortAndTheMonitoringNamespacesScrapes() throws Exception {
    JsonNode policy = only(render("."), "NetworkPolicy", "condlint-webhook");
    assertEquals("{\"matchLabels\":{\"app.kubernetes.io/name\":\"condlint-webhook\"}}",
        policy.path("spec").path("podSelector").toString());
    assertEquals("[\"Ingress\"]", policy.path("spec").path("policyTypes").toString());
    assertEquals("[{\"ports\":[{\"port\":8443,\"protocol\":\"TCP\"}]},"
            + "{\"from\":[{\"namespaceSelector\":{\"matchLabels\":{\"kubernetes.io/metadata.name\":\"monitoring\"}}}],"
            + "\"ports\":[{\"port\":8080,\"protocol\":\"TCP\"}]}]",
        policy.path("spec").path("ingress").toString());
  }

  @Test
  void theOverlaysSwitchToEnforceAndToCertManager() throws Exception {
    JsonNode enforce = only(render("overlays/enforce"), "Deployment", "condlint-webhook");
    JsonNode env = enforce.path("spec").path("template").path("spec").path("containers").get(0).path("env").get(0);
    assertEquals("CONDLINT_MODE=enforce", env.path("name").asText() + "=" + env.path("value").asText());
    List<JsonNode> certManager = render("overlays/cert-manager");
    assertEquals(
        "condlint/condlint-webhook",
        only(certManager, "ValidatingWebhookConfiguration", "condlint")
            .path("metadata").path("annotations").path("cert-manager.io/inject-ca-from").asText());
    assertEquals(
        "condlint-webhook-tls",
        only(certManager, "Certificate", "condlint-webhook").path("spec").path("secretName").asText());
  }

  @Test
  void certificatesAreRotatedByACronJobWithItsOwnLeastPrivilege() throws Exception {
    List<JsonNode> objects = render(".");
    JsonNode cronJob = only(objects, "CronJob", "condlint-certs-rotate");
    assertEquals("Forbid", cronJob.path("spec").path("concurrencyPolicy").asText());
    JsonNode pod = cronJob.path("spec").path("jobTemplate").path("spec").path("template");
    assertEquals("condlint-certs", pod.path("metadata").path("labels").path("app.kubernetes.io/name").asText(),
        "the Service and the PodDisruptionBudget select condlint-webhook; the jobs must not match");
    assertEquals("condlint-certs", pod.path("spec").path("serviceAccountName").asText());
    assertTrue(pod.path("spec").path("securityContext").path("runAsNonRoot").asBoolean());
    JsonNode container = pod.path("spec").path("containers").get(0);
    assertEquals("[\"rotate\",\"--service=condlint-webhook\",\"--namespace=condlint\",\"--secret=condlint-webhook-tls\","
        + "\"--webhook-config=condlint\"]", container.path("args").toString());
    assertEquals(false, container.path("securityContext").path("allowPrivilegeEscalation").asBoolean(true));
    assertTrue(container.path("securityContext").path("readOnlyRootFilesystem").asBoolean());
    assertTrue(container.path("resources").path("limits").has("memory"));
    List<JsonNode> certManager = render("overlays/cert-manager");
    assertTrue(certManager.stream().noneMatch(o -> o.path("kind").asText().equals("CronJob")),
        "with cert-manager, nothing else renews the certificate");
    assertEquals(List.of("ClusterRoleBinding condlint-webhook -> condlint-webhook"), bindings(certManager),
        "nor needs rights to the Secret or the webhook configuration");
    assertEquals(List.of("ClusterRole condlint-webhook", "ServiceAccount condlint-webhook"),
        identitiesAndRoles(certManager), "the job's identity and roles go with it");
  }

  @Test
  void theManageCertsOverlayShipsAnEmptySecretAndNoCertificateVolume() throws Exception {
    List<JsonNode> objects = render("overlays/manage-certs");
    JsonNode secret = only(objects, "Secret", "condlint-webhook-tls");
    assertEquals("condlint", secret.path("metadata").path("namespace").asText());
    assertFalse(secret.has("data"), "applying again must not wipe the certificates the webhook stored");
    JsonNode pod = only(objects, "Deployment", "condlint-webhook").path("spec").path("template").path("spec");
    JsonNode container = pod.path("containers").get(0);
    assertTrue(container.path("args").toString().contains("\"--manage-certs\""), container.path("args").toString());
    assertFalse(container.path("args").toString().contains("--tls-cert"), container.path("args").toString());
    assertTrue(container.path("args").toString().contains("\"--cluster-crds=auto\",\"--crd-sync-wait=30s\""),
        "custom resources are still judged by their cluster CRDs: " + container.path("args"));
    assertEquals("metadata.namespace", container.path("env").get(1).path("valueFrom").path("fieldRef").path("fieldPath").asText());
    assertFalse(pod.path("volumes").toString().contains("condlint-webhook-tls"), pod.path("volumes").toString());
    assertTrue(objects.stream().noneMatch(o -> o.path("kind").asText().equals("CronJob")));
    assertEquals(render(".").stream().filter(o -> o.path("kind").asText().endsWith("Role")).toList(),
        objects.stream().filter(o -> o.path("kind").asText().endsWith("Role")).toList(), "no more rights than the base");
    assertEquals(
        List.of("ClusterRoleBinding condlint-certs -> condlint-webhook",
            "ClusterRoleBinding condlint-webhook -> condlint-webhook",
            "RoleBinding condlint-webhook-tls -> condlint-webhook"),
        bindings(objects), "the webhook keeps its certificates itself, so it holds the certificate rights");
    assertEquals(
        List.of("ClusterRole condlint-certs", "ClusterRole condlint-webhook", "Role condlint-webhook-tls",
            "ServiceAccount condlint-webhook"),
        identitiesAndRoles(objects), "no job, so no job identity");
  }
}
