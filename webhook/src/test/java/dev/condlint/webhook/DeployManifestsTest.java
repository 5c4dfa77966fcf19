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
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Renders deploy/ with {@code kubectl kustomize} (skipped when kubectl is not on the PATH) and checks
 * what keeps the webhook from taking a cluster down, and its least privilege; and deploy/monitor: one
 * read-only replica, its alerts and dashboard on its own metrics, OpenReports' writes only in its overlay.
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
        + "\"-XX:NewRatio=1\",\"-XX:MetaspaceSize=64m\",\"-cp\",\"@/app/jib-classpath-file\",\"dev.condlint.webhook.Main\"]",
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

  // ---- deploy/monitor ----------------------------------------------------------------------------

  /** The metrics condlint monitor exports (docs/monitor.md, its EndpointsTest): the alerts and the dashboard use no other. */
  private static final Set<String> MONITOR_METRICS = Set.of("condlint_findings", "condlint_objects",
      "condlint_object_health", "condlint_findings_by_writer", "condlint_stuck_objects", "condlint_watch_errors_total",
      "condlint_relists_total", "condlint_last_sync_timestamp_seconds", "condlint_series_dropped_total");
  private static final Pattern METRIC = Pattern.compile("condlint_[a-z_]+");

  @Test
  void theMonitorRunsOneLockedDownReplicaThatStopsInTimeWithProbesAndBounds() throws Exception {
    List<JsonNode> objects = render("monitor");
    JsonNode deployment = only(objects, "Deployment", "condlint-monitor");
    JsonNode pod = deployment.path("spec").path("template").path("spec");
    JsonNode container = pod.path("containers").get(0);
    assertEquals(1, deployment.path("spec").path("replicas").asInt());
    assertEquals("Recreate", deployment.path("spec").path("strategy").path("type").asText(),
        "two monitors at once would count every finding twice");
    assertEquals("condlint-monitor", pod.path("serviceAccountName").asText());
    assertTrue(pod.path("securityContext").path("runAsNonRoot").asBoolean());
    assertEquals(false, container.path("securityContext").path("allowPrivilegeEscalation").asBoolean(true));
    assertTrue(container.path("securityContext").path("readOnlyRootFilesystem").asBoolean());
    assertEquals("[\"ALL\"]", container.path("securityContext").path("capabilities").path("drop").toString());
    assertEquals("[\"java\",\"-Xmx256m\",\"-XX:+UseSerialGC\",\"-XX:TieredStopAtLevel=1\",\"-Xss512k\","
        + "\"-XX:+ExitOnOutOfMemoryError\",\"-cp\",\"@/app/jib-classpath-file\",\"dev.condlint.cli.Main\"]",
        container.path("command").toString());
    assertEquals("[\"monitor\",\"--metrics-address=:8080\"]", container.path("args").toString());
    assertEquals("[{\"name\":\"MALLOC_ARENA_MAX\",\"value\":\"2\"}]", container.path("env").toString());
    assertEquals("{\"path\":\"/readyz\",\"port\":\"metrics\"}", container.path("readinessProbe").path("httpGet").toString());
    assertEquals("{\"path\":\"/healthz\",\"port\":\"metrics\"}", container.path("livenessProbe").path("httpGet").toString());
    assertEquals("[{\"containerPort\":8080,\"name\":\"metrics\",\"protocol\":\"TCP\"}]", container.path("ports").toString());
    // It stops within 10 s of SIGTERM.
    assertTrue(pod.path("terminationGracePeriodSeconds").asInt() > 10);
    // The heap and what the rest of the process takes (about 110 MiB) fit under the limit.
    assertEquals("{\"limits\":{\"memory\":\"448Mi\"},\"requests\":{\"cpu\":\"200m\",\"memory\":\"384Mi\"}}",
        container.path("resources").toString());
    JsonNode service = only(objects, "Service", "condlint-monitor");
    assertEquals("[{\"name\":\"metrics\",\"port\":8080,\"protocol\":\"TCP\",\"targetPort\":\"metrics\"}]",
        service.path("spec").path("ports").toString());
    JsonNode serviceMonitor = only(objects, "ServiceMonitor", "condlint-monitor");
    assertEquals(service.path("metadata").path("labels").toString(),
        serviceMonitor.path("spec").path("selector").path("matchLabels").toString());
    assertEquals("metrics", serviceMonitor.path("spec").path("endpoints").get(0).path("port").asText());
    assertEquals(
        List.of("ClusterRole condlint-monitor", "ClusterRole condlint-monitor-builtin",
            "ClusterRole condlint-monitor-custom-resources", "ServiceAccount condlint-monitor"),
        identitiesAndRoles(objects));
    assertEquals(List.of("ClusterRoleBinding condlint-monitor -> condlint-monitor"), bindings(objects));
  }

  /** {@code group/resource -> verbs} of every rule of the ClusterRoles with the label. */
  private static Set<String> granted(List<JsonNode> objects, String label) {
    Set<String> out = new TreeSet<>();
    for (JsonNode role : objects) {
      if (role.path("kind").asText().equals("ClusterRole")
          && role.path("metadata").path("labels").path(label).asText().equals("true")) {
        for (JsonNode rule : role.path("rules")) {
          rule.path("apiGroups").forEach(g -> rule.path("resources").forEach(r -> out.add(g.asText() + "/" + r.asText())));
        }
      }
    }
    return out;
  }

  @Test
  void theMonitorMayOnlyReadWhatTheAuditReadsAndTheCrds() throws Exception {
    List<JsonNode> objects = render("monitor");
    JsonNode role = only(objects, "ClusterRole", "condlint-monitor");
    assertEquals("[{\"matchLabels\":{\"condlint.dev/aggregate-to-monitor\":\"true\"}}]",
        role.path("aggregationRule").path("clusterRoleSelectors").toString());
    for (JsonNode r : objects) {
      if (r.path("kind").asText().equals("ClusterRole") && r.path("metadata").path("labels").has("condlint.dev/aggregate-to-monitor")) {
        for (JsonNode rule : r.path("rules")) {
          assertEquals("[\"get\",\"list\",\"watch\"]", rule.path("verbs").toString(), rule.toString());
          assertFalse(rule.has("nonResourceURLs") || rule.has("resourceNames"), rule.toString());
          rule.path("resources").forEach(res -> assertFalse(res.asText().contains("*") || res.asText().contains("/"),
              rule.toString()));
        }
      }
    }
    Set<String> monitor = granted(objects, "condlint.dev/aggregate-to-monitor");
    assertTrue(monitor.contains("apiextensions.k8s.io/customresourcedefinitions"));
    for (String never : List.of("/secrets", "/configmaps", "/serviceaccounts", "/events", "rbac.authorization.k8s.io/roles",
        "openreports.io/reports")) {
      assertFalse(monitor.contains(never), never);
    }
    // The same resources as the audit's roles, which AuditManifestsTest holds to the contract catalogue.
    assertEquals(granted(render("audit"), "condlint.dev/aggregate-to-audit"), monitor);
  }

  @Test
  void theOpenReportsOverlayAddsOnlyTheWritesOfReports() throws Exception {
    List<JsonNode> base = render("monitor");
    List<JsonNode> overlay = render("monitor/overlays/openreports");
    JsonNode args = only(overlay, "Deployment", "condlint-monitor").path("spec").path("template").path("spec")
        .path("containers").get(0).path("args");
    assertEquals("[\"monitor\",\"--metrics-address=:8080\",\"--reports=openreports\"]", args.toString());
    assertEquals("[{\"apiGroups\":[\"openreports.io\"],\"resources\":[\"reports\",\"clusterreports\"],"
        + "\"verbs\":[\"get\",\"create\",\"update\"]}]",
        only(overlay, "ClusterRole", "condlint-monitor-openreports").path("rules").toString());
    assertEquals(List.of("ClusterRoleBinding condlint-monitor -> condlint-monitor",
        "ClusterRoleBinding condlint-monitor-openreports -> condlint-monitor"), bindings(overlay));
    assertEquals(base.size() + 2, overlay.size(), "the role and its binding, nothing else");
  }

  @Test
  void theAlertsAndTheDashboardUseOnlyTheMonitorsMetrics() throws Exception {
    List<JsonNode> objects = render("monitor");
    List<String> alerts = new ArrayList<>();
    Set<String> used = new HashSet<>();
    for (JsonNode group : only(objects, "PrometheusRule", "condlint-monitor").path("spec").path("groups")) {
      for (JsonNode rule : group.path("rules")) {
        alerts.add(rule.path("alert").asText() + " for " + rule.path("for").asText("0m"));
        used.addAll(metrics(rule.path("expr").asText()));
      }
    }
    assertEquals(List.of("CondlintErrorFindings for 15m", "CondlintStuckObjects for 5m", "CondlintWatchFailing for 15m",
        "CondlintSeriesDropped for 0m"), alerts);
    JsonNode dashboardMap = only(objects, "ConfigMap", "condlint-monitor-dashboard");
    assertEquals("1", dashboardMap.path("metadata").path("labels").path("grafana_dashboard").asText());
    JsonNode dashboard = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(dashboardMap.path("data").path("condlint-monitor.json").asText());
    assertEquals("condlint-monitor", dashboard.path("uid").asText());
    int targets = 0;
    for (JsonNode panel : dashboard.path("panels")) {
      for (JsonNode target : panel.path("targets")) {
        used.addAll(metrics(target.path("expr").asText()));
        targets++;
      }
    }
    assertEquals(12, targets);
    assertEquals(Set.of(), used.stream().filter(m -> !MONITOR_METRICS.contains(m)).collect(Collectors.toSet()));
    assertEquals(MONITOR_METRICS, used, "every metric has an alert or a panel");
  }

  private static Set<String> metrics(String expr) {
    Set<String> out = new HashSet<>();
    Matcher m = METRIC.matcher(expr);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }
}
