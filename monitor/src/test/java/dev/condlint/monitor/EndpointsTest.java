package dev.condlint.monitor;

import static dev.condlint.monitor.MonitorCluster.eventually;
import static dev.condlint.monitor.MonitorCluster.object;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.GoDuration;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The monitor's HTTP endpoints through a real HTTP client: exact metric lines, probes, the stuck objects. */
class EndpointsTest {
  private static final List<JsonNode> CLUSTER = MonitorCluster.objects("monitor/cluster.yaml");

  private final MonitorCluster cluster = new MonitorCluster();

  @AfterEach
  void stop() {
    cluster.close();
  }

  private static Monitor.Options options(boolean namespaceLabels, int maxSeries, int topWriters) {
    Monitor.Options o = MonitorCluster.options("Widget");
    return new Monitor.Options(o.scope(), o.sharding(), o.host(), o.port(), namespaceLabels, maxSeries, topWriters,
        o.stuckAfter(), o.crdWait(), o.tick(), o.rechecksPerTick(), o.reports());
  }

  /** The cluster's CRD and its three Widgets; returns Widget a as stored. */
  private ObjectNode loaded() {
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    ObjectNode a = cluster.create(object(CLUSTER, "Widget", "a"));
    cluster.create(object(CLUSTER, "Widget", "b"));
    cluster.create(object(CLUSTER, "Widget", "c"));
    return a;
  }

  @Test
  void metricsAreExactPrometheusTextWithHelpAndType() {
    loaded();
    Monitor monitor = cluster.start(MonitorCluster.options("Widget"));
    MonitorCluster.awaitReady(monitor);
    MonitorCluster.Answer metrics = cluster.get(monitor, "/metrics");
    assertEquals(200, metrics.status());
    assertEquals("text/plain; version=0.0.4; charset=utf-8", metrics.contentType());
    String findings = section(metrics.body(), "condlint_findings");
    assertEquals("""
        # HELP condlint_findings Findings on the live objects now, by rule, severity and kind
        # TYPE condlint_findings gauge
        condlint_findings{group="example.com",kind="Widget",rule="condition-reason-format",severity="error",} 1.0
        condlint_findings{group="example.com",kind="Widget",rule="suppression-unused",severity="info",} 1.0
        """, findings);
    assertEquals(List.of(
        "condlint_findings_by_writer{severity=\"error\",writer=\"widget-controller\",} 1.0",
        "condlint_findings_by_writer{severity=\"info\",writer=\"kubectl-client-side-apply\",} 1.0",
        "condlint_object_health{group=\"example.com\",kind=\"Widget\",status=\"Current\",} 2.0",
        "condlint_object_health{group=\"example.com\",kind=\"Widget\",status=\"InProgress\",} 1.0",
        "condlint_objects{group=\"example.com\",kind=\"Widget\",} 3.0",
        "condlint_relists_total{group=\"example.com\",kind=\"Widget\",} 0.0",
        "condlint_series_dropped_total{metric=\"condlint_findings\",} 0.0",
        "condlint_series_dropped_total{metric=\"condlint_object_health\",} 0.0",
        "condlint_series_dropped_total{metric=\"condlint_objects\",} 0.0",
        "condlint_series_dropped_total{metric=\"condlint_stuck_objects\",} 0.0",
        "condlint_stuck_objects{group=\"example.com\",kind=\"Widget\",reason=\"SummaryFalse\",} 1.0",
        "condlint_watch_errors_total{group=\"example.com\",kind=\"Widget\",} 0.0"),
        cluster.samples(monitor).stream().filter(l -> !l.startsWith("condlint_findings{")
            && !l.startsWith("condlint_last_sync_timestamp_seconds")).toList());
    // docs/monitor.md's reference has a row for each metric served, and no other.
    java.util.Set<String> served = metrics.body().lines().filter(l -> l.startsWith("# TYPE condlint_"))
        .map(l -> l.split(" ")[2]).collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    java.util.Set<String> documented;
    try {
      documented = java.nio.file.Files.readAllLines(java.nio.file.Path.of("..", "docs", "monitor.md")).stream()
          .filter(l -> l.startsWith("| `condlint_")).map(l -> l.substring(3, l.indexOf('`', 3)))
          .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    assertEquals(documented, served);
    List<String> lastSync = cluster.samples(monitor, "condlint_last_sync_timestamp_seconds");
    assertEquals(1, lastSync.size());
    double at = Double.parseDouble(lastSync.get(0).substring(lastSync.get(0).lastIndexOf(' ') + 1));
    assertEquals(cluster.clock.instant().getEpochSecond(), (long) at, lastSync.toString());
  }

  /** The HELP, TYPE and sample lines of one metric, as served (samples sorted). */
  private static String section(String body, String metric) {
    List<String> lines = body.lines().toList();
    StringBuilder out = new StringBuilder();
    lines.stream().filter(l -> l.equals("# HELP " + metric + " " + l.substring(Math.min(l.length(), 8 + metric.length())))
        || l.startsWith("# TYPE " + metric + " ")).forEach(l -> out.append(l).append('\n'));
    lines.stream().filter(l -> l.startsWith(metric + "{")).sorted().forEach(l -> out.append(l).append('\n'));
    return out.toString();
  }

  @Test
  void probesSayWhenTheMonitorIsAliveAndWhenItIsReady() {
    loaded();
    cluster.server.delay("widgets.example.com", Duration.ofSeconds(5), 1);
    Monitor monitor = cluster.start(MonitorCluster.options("Widget"));
    assertEquals(new MonitorCluster.Answer(200, "text/plain; charset=utf-8", "ok\n"), cluster.get(monitor, "/healthz"));
    eventually(() -> cluster.get(monitor, "/readyz"), new MonitorCluster.Answer(503, "text/plain; charset=utf-8",
        "waiting for the first list of 1 of 1 resources: widgets.example.com\n"));
    eventually(() -> cluster.get(monitor, "/readyz"), new MonitorCluster.Answer(200, "text/plain; charset=utf-8",
        "ok\n"));
  }

  @Test
  void stuckListsEachStuckObjectWithItsCauseBasisAndStatusWriter() {
    ObjectNode a = loaded();
    Monitor monitor = cluster.start(MonitorCluster.options("Widget"));
    MonitorCluster.awaitReady(monitor);
    Instant now = cluster.clock.instant();
    String since = GoDuration.format(Duration.between(Instant.parse("2026-11-02T10:00:00Z"), now));
    MonitorCluster.Answer stuck = cluster.get(monitor, "/stuck");
    assertEquals(200, stuck.status());
    assertEquals("application/json", stuck.contentType());
    assertEquals("""
        {
          "now" : "%s",
          "stuck" : [ {
            "object" : {
              "apiVersion" : "example.com/v1",
              "kind" : "Widget",
              "namespace" : "shop",
              "name" : "a",
              "uid" : "%s",
              "resourceVersion" : "%s"
            },
            "reason" : "SummaryFalse",
            "causes" : [ {
              "reason" : "SummaryFalse",
              "since" : "2026-11-02T10:00:00Z",
              "for" : "%s",
              "threshold" : "15m0s",
              "condition" : {
                "type" : "Ready",
                "status" : "False",
                "reason" : "not enough capacity",
                "message" : "0 of 3 replicas are ready",
                "lastTransitionTime" : "2026-11-02T10:00:00Z",
                "pointer" : "/status/conditions/0"
              },
              "basis" : "inferred: the type name Ready"
            } ],
            "related" : [ ],
            "statusWriter" : "widget-controller"
          } ],
          "count" : 1
        }
        """.formatted(now, a.path("metadata").path("uid").asText(), a.path("metadata").path("resourceVersion").asText(),
        since), stuck.body());
  }

  @Test
  void namespaceLabelsOnRequest() {
    loaded();
    Monitor monitor = cluster.start(options(true, 2000, 10));
    MonitorCluster.awaitReady(monitor);
    assertEquals(List.of(
        "condlint_findings{group=\"example.com\",kind=\"Widget\",namespace=\"shop\",rule=\"condition-reason-format\",severity=\"error\",} 1.0",
        "condlint_findings{group=\"example.com\",kind=\"Widget\",namespace=\"shop\",rule=\"suppression-unused\",severity=\"info\",} 1.0",
        "condlint_object_health{group=\"example.com\",kind=\"Widget\",namespace=\"shop\",status=\"Current\",} 1.0",
        "condlint_object_health{group=\"example.com\",kind=\"Widget\",namespace=\"shop\",status=\"InProgress\",} 1.0",
        "condlint_object_health{group=\"example.com\",kind=\"Widget\",namespace=\"team-b\",status=\"Current\",} 1.0",
        "condlint_objects{group=\"example.com\",kind=\"Widget\",namespace=\"shop\",} 2.0",
        "condlint_objects{group=\"example.com\",kind=\"Widget\",namespace=\"team-b\",} 1.0",
        "condlint_stuck_objects{group=\"example.com\",kind=\"Widget\",namespace=\"shop\",reason=\"SummaryFalse\",} 1.0"),
        cluster.samples(monitor, "condlint_objects", "condlint_findings", "condlint_object_health",
            "condlint_stuck_objects"));
  }

  @Test
  void aMetricKeepsToItsBoundAndCountsWhatItDropped() {
    loaded();
    Monitor monitor = cluster.start(options(true, 1, 10));
    MonitorCluster.awaitReady(monitor);
    List<String> samples = cluster.samples(monitor, "condlint_objects", "condlint_series_dropped_total");
    // Which namespace came first depends on the order the list handed them on: one is exported, one dropped.
    assertEquals(List.of(
        "condlint_series_dropped_total{metric=\"condlint_findings\",} 1.0",
        "condlint_series_dropped_total{metric=\"condlint_object_health\",} 2.0",
        "condlint_series_dropped_total{metric=\"condlint_objects\",} 1.0",
        "condlint_series_dropped_total{metric=\"condlint_stuck_objects\",} 0.0"),
        samples.subList(1, samples.size()));
    assertEquals(1, samples.stream().filter(l -> l.startsWith("condlint_objects{")).count(), samples.toString());
  }

  @Test
  void theTopWritersAreNamedAndTheRestAreOther() {
    loaded();
    Monitor monitor = cluster.start(options(false, 2000, 1));
    MonitorCluster.awaitReady(monitor);
    // One finding each: the tie goes to the first name, kubectl-client-side-apply.
    assertEquals(List.of(
        "condlint_findings_by_writer{severity=\"error\",writer=\"other\",} 1.0",
        "condlint_findings_by_writer{severity=\"info\",writer=\"kubectl-client-side-apply\",} 1.0"),
        cluster.samples(monitor, "condlint_findings_by_writer"));
  }
}
