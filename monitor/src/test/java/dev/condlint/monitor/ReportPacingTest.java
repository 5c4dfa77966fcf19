package dev.condlint.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Severity;
import dev.condlint.monitor.assess.Assessment;
import dev.condlint.monitor.assess.Flaw;
import dev.condlint.monitor.assess.Interner;
import dev.condlint.monitor.log.MonitorLog;
import dev.condlint.monitor.reports.OpenReports;
import dev.condlint.monitor.reports.WritePacer;
import dev.condlint.monitor.state.ObjectStore;
import dev.condlint.monitor.state.WatchedKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenReports writer keeps to its write rate: with 2 writes a second, the writes of a burst of
 * changed namespaces are 500 ms apart, across rounds too, and a write after a quiet spell waits for
 * nothing. Time is the test's: a wait moves it on, and is recorded, so nothing here depends on the
 * machine's speed.
 */
class ReportPacingTest {
  private static final JsonNode REPORT_CRD = MonitorCluster.objects("openreports/openreports.io_reports.yaml").get(0);
  private static final WatchedKind WIDGET = new WatchedKind("example.com", "v1", "widgets", "Widget", true);

  private final MonitorCluster cluster = new MonitorCluster();
  private final ObjectStore store = new ObjectStore(new ObjectStore.Options(false, 100), cluster.clock,
      new Interner(100));
  private final List<Duration> waits = new ArrayList<>();
  private long nanos;
  private final WritePacer.Time time = new WritePacer.Time() {
    @Override
    public long nanos() {
      return nanos;
    }

    @Override
    public void sleep(Duration d) {
      waits.add(d);
      nanos += d.toNanos();
    }
  };

  @AfterEach
  void stop() {
    cluster.close();
  }

  private void put(String namespace, String name, String rule) {
    Flaw flaw = new Flaw(rule, Severity.ERROR, "/status/conditions/0/reason", "bad", "widget-controller", "");
    store.put(WIDGET, 1, namespace, name, "uid-" + namespace + "-" + name, "1",
        new Assessment(List.of(flaw), "InProgress", List.of(), List.of(), "", Optional.empty(), cluster.clock.instant()));
  }

  private List<String> reportVersions(String... namespaces) {
    List<String> out = new ArrayList<>();
    for (String ns : namespaces) {
      GenericKubernetesResource r = cluster.client().genericKubernetesResources("openreports.io/v1alpha1", "Report")
          .inNamespace(ns).withName("condlint").get();
      out.add(r == null ? "none" : r.getMetadata().getResourceVersion());
    }
    return out;
  }

  @Test
  void writesKeepToTheirRateAcrossRounds() {
    cluster.create(REPORT_CRD);
    OpenReports reports = new OpenReports(cluster.client(), store,
        new OpenReports.Options("condlint", 0, Duration.ofSeconds(30), 10, 2), new MonitorLog() {
          @Override
          public void info(String message) {}

          @Override
          public void warn(String message) {
            throw new AssertionError(message);
          }
        }, time);
    put("ns-a", "w", "condition-reason-format");
    put("ns-b", "w", "condition-reason-format");
    put("ns-c", "w", "condition-reason-format");

    reports.flush();
    // Three creates: the first at once, the next two each half a second after the one before.
    assertEquals(List.of(Duration.ofMillis(500), Duration.ofMillis(500)), waits);
    List<String> first = reportVersions("ns-a", "ns-b", "ns-c");
    assertEquals(0, first.stream().filter("none"::equals).count(), first.toString());

    // Nothing changed: no write, no wait.
    reports.flush();
    assertEquals(2, waits.size());
    assertEquals(first, reportVersions("ns-a", "ns-b", "ns-c"));

    // At once another change: its update waits for its turn after the last create.
    put("ns-b", "v", "condition-message-present");
    reports.flush();
    assertEquals(List.of(Duration.ofMillis(500), Duration.ofMillis(500), Duration.ofMillis(500)), waits);

    // A second later: the gap has passed, so the next write goes at once.
    nanos += Duration.ofSeconds(1).toNanos();
    put("ns-c", "v", "condition-message-present");
    reports.flush();
    assertEquals(3, waits.size());
    List<String> last = reportVersions("ns-a", "ns-b", "ns-c");
    assertEquals(first.get(0), last.get(0), "ns-a unchanged, not written");
    assertEquals(2, java.util.stream.IntStream.range(1, 3).filter(i -> !first.get(i).equals(last.get(i))).count(),
        "ns-b and ns-c written again: " + first + " " + last);
  }
}
