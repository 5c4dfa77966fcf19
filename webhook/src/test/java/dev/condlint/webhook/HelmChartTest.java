package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Helm chart deploy/helm/condlint, linted and rendered by Helm itself (helm-java runs Helm's own Go
 * code, helm.sh/helm/v3 v3.21.0, as a shared library: no helm binary, no approximation of its template
 * engine), and compared object by object with what {@code kubectl kustomize} renders of deploy/: the
 * defaults with deploy/, each certificates and mode value with its overlay, the audit with
 * deploy/audit. So the chart has exactly the kustomize manifests' security settings, which
 * DeployManifestsTest and AuditManifestsTest check; only Helm's own labels and the Namespace (Helm
 * installs into one: --namespace condlint --create-namespace) differ.
 */
class HelmChartTest {
  private static final Path DEPLOY = Path.of("..", "deploy").toAbsolutePath().normalize();
  private static final Path CHART = DEPLOY.resolve("helm/condlint");
  private static final List<String> HELM_LABELS =
      List.of("app.kubernetes.io/managed-by", "app.kubernetes.io/instance", "app.kubernetes.io/version", "helm.sh/chart");

  @BeforeAll
  static void helmRuns() {
    boolean loaded;
    try {
      loaded = Helm.version().call() != null;
    } catch (RuntimeException | LinkageError e) {
      loaded = false;
    }
    assumeTrue(loaded, "no helm-java native library for this platform; skipping the chart's rendering");
  }

  private static List<JsonNode> template(String namespace, Map<String, Object> values) {
    // The oldest Kubernetes the chart supports (Chart.yaml kubeVersion); helm-java pretends 1.20 otherwise.
    TemplateCommand command = new Helm(CHART).template().withName("condlint").withNamespace(namespace)
        .withKubeVersion("1.30.0");
    values.forEach(command::set);
    return parse("helm template", command.call());
  }

  private static List<JsonNode> kustomize(String dir) throws Exception {
    assumeTrue(KubectlTest.kubectlOnPath(), "kubectl is not on the PATH; skipping the comparison with deploy/");
    Process p = new ProcessBuilder("kubectl", "kustomize", DEPLOY.resolve(dir).toString())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "kubectl kustomize did not finish");
    assertEquals(0, p.exitValue(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    return parse(dir, out).stream().filter(o -> !o.path("kind").asText().equals("Namespace")).toList();
  }

  private static List<JsonNode> parse(String name, String yaml) {
    ParsedFile parsed = new YamlReader().read(name, yaml);
    assertEquals(List.of(), parsed.problems(), yaml);
    List<JsonNode> objects = new ArrayList<>();
    for (ParsedDocument d : parsed.documents()) {
      if (d.root() != null && !d.root().isNull() && !d.root().isMissingNode()) {
        objects.add(d.root());
      }
    }
    return objects;
  }

  /** Without Helm's own labels, keyed and sorted by kind, namespace and name. */
  private static Map<String, JsonNode> comparable(List<JsonNode> objects) {
    Map<String, JsonNode> out = new TreeMap<>();
    for (JsonNode o : objects) {
      ObjectNode copy = o.deepCopy();
      JsonNode labels = copy.path("metadata").path("labels");
      if (labels instanceof ObjectNode l) {
        HELM_LABELS.forEach(l::remove);
        if (l.isEmpty()) {
          ((ObjectNode) copy.get("metadata")).remove("labels");
        }
      }
      String key = o.path("kind").asText() + " " + o.path("metadata").path("namespace").asText() + "/"
          + o.path("metadata").path("name").asText();
      assertEquals(null, out.put(key, copy), "twice: " + key);
    }
    return out;
  }

  private static void assertSameObjects(Map<String, JsonNode> expected, Map<String, JsonNode> actual) {
    assertEquals(expected.keySet(), actual.keySet());
    expected.forEach((key, object) -> assertEquals(object, actual.get(key), key));
  }

  @Test
  void helmLintFindsNothingButTheMissingIcon() {
    LintResult result = new Helm(CHART).lint().strict().call();

    assertFalse(result.isFailed(), result.getMessages().toString());
    assertEquals(List.of("[INFO] Chart.yaml: icon is recommended"), result.getMessages());
  }

  @Test
  void theDefaultsAreDeploy() throws Exception {
    assertSameObjects(comparable(kustomize(".")), comparable(template("condlint", Map.of())));
  }

  @Test
  void enforceIsTheEnforceOverlay() throws Exception {
    assertSameObjects(comparable(kustomize("overlays/enforce")),
        comparable(template("condlint", Map.of("webhook.mode", "enforce"))));
  }

  @Test
  void certManagerIsTheCertManagerOverlay() throws Exception {
    assertSameObjects(comparable(kustomize("overlays/cert-manager")),
        comparable(template("condlint", Map.of("certificates", "cert-manager"))));
  }

  @Test
  void manageIsTheManageCertsOverlay() throws Exception {
    assertSameObjects(comparable(kustomize("overlays/manage-certs")),
        comparable(template("condlint", Map.of("certificates", "manage"))));
  }

  @Test
  void theAuditIsDeployAudit() throws Exception {
    assertSameObjects(comparable(kustomize("audit")),
        comparable(template("condlint", Map.of("audit.enabled", true, "webhook.enabled", false))));
  }

  @Test
  void theMonitorIsDeployMonitor() throws Exception {
    assertSameObjects(comparable(kustomize("monitor")),
        comparable(template("condlint", Map.of("monitor.enabled", true, "webhook.enabled", false))));
  }

  @Test
  void theMonitorsOpenReportsAreTheOpenReportsOverlay() throws Exception {
    assertSameObjects(comparable(kustomize("monitor/overlays/openreports")), comparable(template("condlint",
        Map.of("monitor.enabled", true, "monitor.reports", "openreports", "webhook.enabled", false))));
  }

  @Test
  void withoutThePrometheusOperatorTheMonitorHasNoServiceMonitorRuleOrDashboard() {
    List<String> kinds = template("condlint", Map.of("monitor.enabled", true, "webhook.enabled", false,
        "monitor.serviceMonitor.enabled", false, "monitor.prometheusRule.enabled", false,
        "monitor.dashboard.enabled", false)).stream()
        .map(o -> o.path("kind").asText() + " " + o.path("metadata").path("name").asText()).sorted().toList();
    assertEquals(List.of("ClusterRole condlint-monitor", "ClusterRole condlint-monitor-builtin",
        "ClusterRole condlint-monitor-custom-resources", "ClusterRoleBinding condlint-monitor",
        "Deployment condlint-monitor", "Service condlint-monitor", "ServiceAccount condlint-monitor"), kinds);
  }

  @Test
  void everyObjectCarriesHelmsLabelsAndTheReleasesImage() {
    List<JsonNode> objects = template("condlint", Map.of("audit.enabled", true, "monitor.enabled", true,
        "monitor.reports", "openreports"));
    for (JsonNode o : objects) {
      if (o.path("kind").asText().equals("ClusterRole") && o.path("metadata").path("name").asText().startsWith("condlint-audit")) {
        continue;  // files/audit-clusterroles.yaml, a copy of deploy/audit's, as it is
      }
      if (o.path("kind").asText().equals("ClusterRole") && List.of("condlint-monitor", "condlint-monitor-builtin",
          "condlint-monitor-custom-resources").contains(o.path("metadata").path("name").asText())) {
        continue;  // files/monitor-clusterroles.yaml, a copy of deploy/monitor's, as it is
      }
      JsonNode labels = o.path("metadata").path("labels");
      assertEquals("Helm", labels.path("app.kubernetes.io/managed-by").asText(), o.toString());
      assertEquals("condlint-0.1.0", labels.path("helm.sh/chart").asText(), o.toString());
    }
    List<String> images = objects.stream()
        .flatMap(o -> StreamSupport.stream(o.findValues("image").spliterator(), false))
        .map(JsonNode::asText)
        .sorted(Comparator.naturalOrder())
        .distinct()
        .toList();
    assertEquals(List.of("ghcr.io/condlint/condlint-webhook:0.1.0", "ghcr.io/condlint/condlint:0.1.0"), images);
  }

  @Test
  void anotherNamespaceReachesEveryReferenceToIt() {
    List<JsonNode> objects = new ArrayList<>(template("policy", Map.of("audit.enabled", true, "monitor.enabled", true,
        "monitor.reports", "openreports")));
    objects.addAll(template("policy", Map.of("certificates", "cert-manager")));
    String all = objects.toString();
    assertFalse(all.contains("condlint:condlint-webhook") || all.contains("namespace\":\"condlint\""),
        "a reference to the namespace condlint is left: " + all);
    assertTrue(all.contains("request.userInfo.username != 'system:serviceaccount:policy:condlint-webhook'"));
    assertTrue(all.contains("[\"kube-system\",\"policy\"]"));
    assertTrue(all.contains("\"--namespace=policy\""));
    assertTrue(all.contains("\"condlint-webhook.policy.svc\""));
    assertTrue(all.contains("\"cert-manager.io/inject-ca-from\":\"policy/condlint-webhook\""));
  }

  @Test
  void valuesThatWouldWeakenTheWebhookAreRefused() {
    Exception certificates = assertThrows(IllegalStateException.class,
        () -> template("condlint", Map.of("certificates", "none")));
    assertTrue(certificates.getMessage().contains("certificates must be secret, manage or cert-manager, not \"none\""),
        certificates.getMessage());
    Exception groups = assertThrows(IllegalStateException.class,
        () -> template("condlint", Map.of("webhook.statusApiGroups[0]", "apps")));
    assertTrue(groups.getMessage().contains("webhook.statusApiGroups must not match core workloads: \"apps\""),
        groups.getMessage());
    Exception reports = assertThrows(IllegalStateException.class,
        () -> template("condlint", Map.of("monitor.enabled", true, "monitor.reports", "kyverno")));
    assertTrue(reports.getMessage().contains("monitor.reports must be \"\" or openreports, not \"kyverno\""),
        reports.getMessage());
  }
}
