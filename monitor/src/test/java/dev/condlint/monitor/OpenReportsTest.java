package dev.condlint.monitor;

import static dev.condlint.monitor.MonitorCluster.object;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.monitor.reports.OpenReports;
import dev.condlint.rules.schema.StructuralValidator;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * OpenReports written to the test API server, whose OpenReports CRDs are reports-api's own (copied into
 * the test resources): a Report per namespace and a ClusterReport, a result per finding, capped, each
 * valid by the CRD's schema; rewritten only when findings change.
 */
class OpenReportsTest {
  private static final List<JsonNode> CLUSTER = MonitorCluster.objects("monitor/cluster.yaml");
  private static final JsonNode REPORT_CRD = MonitorCluster.objects("openreports/openreports.io_reports.yaml").get(0);
  private static final JsonNode CLUSTER_REPORT_CRD =
      MonitorCluster.objects("openreports/openreports.io_clusterreports.yaml").get(0);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final MonitorCluster cluster = new MonitorCluster();
  private Monitor monitor;
  private ObjectNode a;

  @BeforeEach
  void start() {
    cluster.create(REPORT_CRD);
    cluster.create(CLUSTER_REPORT_CRD);
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    ObjectNode clusterWidgets = object(CLUSTER, "CustomResourceDefinition", "widgets.example.com");
    clusterWidgets.with("metadata").put("name", "clusterwidgets.example.com");
    clusterWidgets.with("spec").put("scope", "Cluster").with("names").put("kind", "ClusterWidget")
        .put("listKind", "ClusterWidgetList").put("plural", "clusterwidgets").put("singular", "clusterwidget");
    cluster.create(clusterWidgets);
    a = cluster.create(object(CLUSTER, "Widget", "a"));
    cluster.create(object(CLUSTER, "Widget", "b"));
    cluster.create(object(CLUSTER, "Widget", "c"));
    ObjectNode x = object(CLUSTER, "Widget", "b");
    x.put("kind", "ClusterWidget");
    x.with("metadata").put("name", "x").remove("namespace");
    ((ObjectNode) x.path("status").path("conditions").get(0)).put("reason", "ready now");
    cluster.create(x);
    Monitor.Options o = MonitorCluster.options("Widget", "ClusterWidget");
    monitor = cluster.start(new Monitor.Options(o.scope(), o.sharding(), o.host(), o.port(), false, 2000, 10,
        o.stuckAfter(), o.crdWait(), o.tick(), o.rechecksPerTick(),
        Optional.of(new OpenReports.Options("condlint", 0, Duration.ofHours(1), 1, 1000))));
    MonitorCluster.awaitReady(monitor);
    MonitorCluster.eventuallyTrue(() -> cluster.log.stream().anyMatch(l -> l.startsWith("info writing OpenReports")),
        "reports started");
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  /** The report as stored, without what the API server sets (uid, resourceVersion, creation time, generation). */
  private Optional<ObjectNode> stored(String namespace) {
    var op = cluster.client().genericKubernetesResources(namespace.isEmpty() ? "openreports.io/v1alpha1"
        : "openreports.io/v1alpha1", namespace.isEmpty() ? "ClusterReport" : "Report");
    GenericKubernetesResource r = namespace.isEmpty() ? op.withName("condlint").get()
        : op.inNamespace(namespace).withName("condlint").get();
    if (r == null) {
      return Optional.empty();
    }
    ObjectNode report = cluster.client().getKubernetesSerialization().convertValue(r, ObjectNode.class);
    ObjectNode metadata = report.with("metadata");
    for (String field : List.of("uid", "resourceVersion", "creationTimestamp", "generation")) {
      metadata.remove(field);
    }
    JsonNode crd = namespace.isEmpty() ? CLUSTER_REPORT_CRD : REPORT_CRD;
    assertEquals(List.of(), StructuralValidator.forObject(crd.path("spec").path("versions").get(0).path("schema")
        .path("openAPIV3Schema")).validate(report), "valid by the OpenReports CRD");
    return Optional.of(report);
  }

  private long widgetFindings() {
    return cluster.samples(monitor, "condlint_findings").stream().filter(l -> l.contains("kind=\"Widget\"")).count();
  }

  private String resourceVersion(String namespace) {
    return cluster.client().genericKubernetesResources("openreports.io/v1alpha1", "Report").inNamespace(namespace)
        .withName("condlint").get().getMetadata().getResourceVersion();
  }

  private String expectedShop(String results, long fail, long warn, int dropped) {
    return """
        {"apiVersion":"openreports.io/v1alpha1","kind":"Report","metadata":{"annotations":{"condlint.dev/results-dropped":"%d"},\
        "labels":{"app.kubernetes.io/managed-by":"condlint","condlint.dev/shard":"0"},"name":"condlint","namespace":"shop"},\
        "configuration":{"limits":{"maxResults":1}},"results":[%s],"source":"condlint",\
        "summary":{"error":0,"fail":%d,"pass":0,"skip":0,"warn":%d}}""".formatted(dropped, results, fail, warn);
  }

  /** The report of namespace shop as the monitor first writes it: one result kept of two (the cap is 1). */
  private String shopWithItsFinding() {
    return expectedShop(result("condition-reason-format", "fail", "high",
        "Condition \\\"Ready\\\" has reason \\\"not enough capacity\\\", which is not a one-word identifier"
            + " matching `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters, digits, '_', ','"
            + " and ':'; a letter, digit or '_' last); its condition type's schema rejects it.",
        "/status/conditions/0/reason", "widget-controller", ""), 1, 1, 1);
  }

  private String result(String policy, String result, String severity, String message, String pointer, String writer,
      String basis) {
    return """
        {"message":"%s","policy":"%s","properties":{%s"pointer":"%s","writer":"%s"},\
        "resources":[{"apiVersion":"example.com/v1","kind":"Widget","name":"a","namespace":"shop","uid":"%s"}],\
        "result":"%s","severity":"%s","source":"condlint","timestamp":{"nanos":0,"seconds":%d}}""".formatted(
        message, policy, basis.isEmpty() ? "" : "\"basis\":\"" + basis + "\",", pointer, writer,
        a.path("metadata").path("uid").asText(), result, severity, cluster.clock.instant().getEpochSecond());
  }

  private static String sorted(String json) throws Exception {
    return sorted((ObjectNode) JSON.readTree(json));
  }

  private static String sorted(ObjectNode node) throws Exception {
    return JSON.copy().configure(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
        .writeValueAsString(JSON.treeToValue(node, Object.class));
  }

  @Test
  void aReportPerNamespaceAndAClusterReportCappedAndValidByTheirCrds() throws Exception {
    monitor.reports().orElseThrow().flush();
    assertEquals(sorted(shopWithItsFinding()),
        sorted(stored("shop").orElseThrow()));
    assertEquals(Optional.empty(), stored("team-b"), "no report where there is no finding");
    ObjectNode clusterReport = stored("").orElseThrow();
    assertEquals("ClusterReport", clusterReport.path("kind").asText());
    assertEquals("[{\"apiVersion\":\"example.com/v1\",\"kind\":\"ClusterWidget\",\"name\":\"x\",\"uid\":\""
        + cluster.client().genericKubernetesResources("example.com/v1", "ClusterWidget").withName("x").get()
            .getMetadata().getUid() + "\"}]", clusterReport.path("results").get(0).path("resources").toString());
    assertEquals("{\"error\":0,\"fail\":1,\"pass\":0,\"skip\":0,\"warn\":0}",
        sorted((ObjectNode) clusterReport.path("summary")));
  }

  @Test
  void thePendingReportsAreWrittenWhenTheMonitorStops() throws Exception {
    assertEquals(Optional.empty(), stored("shop"), "nothing written before the first round (an hour away)");

    monitor.close();

    assertEquals(sorted(shopWithItsFinding()),
        sorted(stored("shop").orElseThrow()));
    assertEquals("ClusterReport", stored("").orElseThrow().path("kind").asText());
    assertEquals(List.of(), cluster.log.stream().filter(l -> l.contains("OpenReport") && !l.startsWith("info")).toList());
  }

  @Test
  void aReportIsRewrittenOnlyWhenItsFindingsChangeAndEmptiedWhenTheyAreGone() throws Exception {
    OpenReports reports = monitor.reports().orElseThrow();
    reports.flush();
    String first = resourceVersion("shop");
    reports.flush();
    assertEquals(first, resourceVersion("shop"), "nothing changed: not written again");

    ObjectNode fixed = a.deepCopy();
    ((ObjectNode) fixed.path("status").path("conditions").get(0)).put("status", "True").put("reason", "Ready");
    cluster.updateStatus(fixed);
    MonitorCluster.eventually(() -> widgetFindings(), 1L);
    reports.flush();
    assertEquals(sorted(expectedShop(result("suppression-unused", "warn", "info",
            "The condlint.dev/ignore annotation suppresses condition-message-present, but condition-message-present"
                + " reports nothing here.", "/metadata/annotations/condlint.dev~1ignore", "kubectl-client-side-apply", ""),
            0, 1, 0)),
        sorted(stored("shop").orElseThrow()));

    cluster.delete(a);
    MonitorCluster.eventually(() -> widgetFindings(), 0L);
    reports.flush();
    assertEquals(sorted(expectedShop("", 0, 0, 0)), sorted(stored("shop").orElseThrow()));
  }
}
