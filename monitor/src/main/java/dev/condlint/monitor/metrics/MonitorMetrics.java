package dev.condlint.monitor.metrics;

import dev.condlint.monitor.state.ObjectStore;
import dev.condlint.monitor.state.SeriesTable;
import dev.condlint.monitor.state.WatchedKind;
import dev.condlint.monitor.watch.ResourceWatches;
import dev.condlint.monitor.watch.WatchStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheus.PrometheusConfig;
import io.micrometer.prometheus.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The monitor's metrics in one Micrometer Prometheus registry (the webhook's library and version),
 * beside the JVM's and the process's. The per-object series are read from the store's tallies when
 * Prometheus scrapes (so a change is in the next scrape), each metric bounded by its
 * {@link SeriesTable}; the writers' series are the top N writers by findings and the rest as
 * {@value #OTHER}. docs/monitor.md is the reference.
 */
public final class MonitorMetrics implements AutoCloseable {
  /** The writer label of the findings of every writer after the top N. */
  public static final String OTHER = "other";

  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final ObjectStore store;
  private final ResourceWatches watches;
  private final int topWriters;
  private final JvmGcMetrics gc = new JvmGcMetrics();
  private final MultiGauge findings;
  private final MultiGauge objects;
  private final MultiGauge health;
  private final MultiGauge stuck;
  private final MultiGauge byWriter;
  // The meters of each watched resource, so that they go when its watch does.
  private final Map<WatchStats, List<Meter>> resourceMeters = new LinkedHashMap<>();

  public MonitorMetrics(ObjectStore store, ResourceWatches watches, int topWriters) {
    this.store = store;
    this.watches = watches;
    this.topWriters = topWriters;
    findings = MultiGauge.builder("condlint.findings")
        .description("Findings on the live objects now, by rule, severity and kind").register(registry);
    objects = MultiGauge.builder("condlint.objects")
        .description("Objects watched and judged (those of this shard), by kind").register(registry);
    health = MultiGauge.builder("condlint.object.health")
        .description("Objects by kind and kstatus status (Current, InProgress, Failed, Terminating, Unknown)")
        .register(registry);
    stuck = MultiGauge.builder("condlint.stuck.objects")
        .description("Objects stuck now, by kind and reason (GenerationNotObserved, SummaryFalse, SummaryUnknown)")
        .register(registry);
    byWriter = MultiGauge.builder("condlint.findings.by.writer")
        .description("Findings by the field manager that wrote the field they point at (the top " + topWriters
            + " writers, the rest as other) and severity")
        .register(registry);
    for (SeriesTable table : List.of(store.findingsTable(), store.objectsTable(), store.healthTable(),
        store.stuckTable())) {
      FunctionCounter.builder("condlint.series.dropped", table, SeriesTable::dropped)
          .description("Series not exported because their metric had reached its bound (--max-series) when they"
              + " appeared")
          .tag("metric", table.metric())
          .register(registry);
    }
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    new FileDescriptorMetrics().bindTo(registry);
  }

  /** The Prometheus text of every metric, as of now. */
  public synchronized String scrape() {
    refresh();
    return registry.scrape();
  }

  /** The content type of {@link #scrape()}: Prometheus text 0.0.4. */
  public static String contentType() {
    return io.prometheus.client.exporter.common.TextFormat.CONTENT_TYPE_004;
  }

  private void refresh() {
    store.tick();
    findings.register(rows(store.findingsTable()), true);
    List<MultiGauge.Row<?>> objectRows = rows(store.objectsTable());
    if (!store.options().namespaceLabels()) {
      // A kind watched with no object (of this shard) yet: 0, not absent.
      Set<List<String>> present = new HashSet<>();
      store.objectsTable().all().keySet().forEach(present::add);
      for (WatchedKind kind : watches.watched()) {
        List<String> labels = List.of(kind.groupLabel(), kind.kind());
        if (!present.contains(labels) && objectRows.size() < store.options().maxSeries()) {
          objectRows.add(MultiGauge.Row.of(tags(store.objectsTable().labelNames(), labels), 0));
        }
      }
    }
    objects.register(objectRows, true);
    health.register(rows(store.healthTable()), true);
    stuck.register(rows(store.stuckTable()), true);
    byWriter.register(writerRows(), true);
    resourceMeters();
  }

  private static List<MultiGauge.Row<?>> rows(SeriesTable table) {
    List<MultiGauge.Row<?>> rows = new ArrayList<>();
    for (Map.Entry<List<String>, Long> e : table.exported()) {
      rows.add(MultiGauge.Row.of(tags(table.labelNames(), e.getKey()), e.getValue()));
    }
    return rows;
  }

  private static Tags tags(List<String> names, List<String> values) {
    List<Tag> tags = new ArrayList<>(names.size());
    for (int i = 0; i < names.size(); i++) {
      tags.add(Tag.of(names.get(i), values.get(i)));
    }
    return Tags.of(tags);
  }

  /** The top writers by findings (ties by name), each by severity, and the rest summed as {@value #OTHER}. */
  private List<MultiGauge.Row<?>> writerRows() {
    Map<List<String>, Long> all = store.writersTable().all();
    Map<String, Long> totals = new TreeMap<>();
    all.forEach((labels, n) -> totals.merge(labels.get(0), n, Long::sum));
    Set<String> top = new HashSet<>();
    totals.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
        .limit(topWriters)
        .forEach(e -> top.add(e.getKey()));
    Map<List<String>, Long> exported = new TreeMap<>(Comparator.comparing((List<String> l) -> l.get(0))
        .thenComparing(l -> l.get(1)));
    all.forEach((labels, n) -> {
      String writer = top.contains(labels.get(0)) ? labels.get(0) : OTHER;
      exported.merge(List.of(writer, labels.get(1)), n, Long::sum);
    });
    List<MultiGauge.Row<?>> rows = new ArrayList<>();
    exported.forEach((labels, n) -> rows.add(MultiGauge.Row.of(Tags.of("writer", labels.get(0), "severity",
        labels.get(1)), n)));
    return rows;
  }

  /** Each watched resource's errors, relists and last list; those of a resource no longer watched go. */
  private void resourceMeters() {
    Set<WatchStats> current = new HashSet<>(watches.stats());
    for (WatchStats gone : List.copyOf(resourceMeters.keySet())) {
      if (!current.contains(gone)) {
        resourceMeters.remove(gone).forEach(registry::remove);
      }
    }
    for (WatchStats s : watches.stats()) {
      resourceMeters.computeIfAbsent(s, stats -> {
        Tags tags = Tags.of("group", stats.kind().groupLabel(), "kind", stats.kind().kind());
        return List.of(
            FunctionCounter.builder("condlint.watch.errors", stats, WatchStats::errors)
                .description("Failed lists and watches of a resource (each tried again with a growing backoff)")
                .tags(tags).register(registry),
            FunctionCounter.builder("condlint.relists", stats, WatchStats::relists)
                .description("Lists of a resource after its first: its watch ended with 410 Gone or could not go on")
                .tags(tags).register(registry),
            Gauge.builder("condlint.last.sync.timestamp", stats,
                    st -> st.lastSync().map(at -> at.toEpochMilli() / 1000.0).orElse(Double.NaN))
                .description("When the last list of a resource completed, in Unix time")
                .baseUnit("seconds")
                .tags(tags).register(registry));
      });
    }
  }

  @Override
  public void close() {
    gc.close();
  }
}
