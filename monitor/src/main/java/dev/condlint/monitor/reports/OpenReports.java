package dev.condlint.monitor.reports;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.Severity;
import dev.condlint.monitor.assess.Flaw;
import dev.condlint.monitor.log.MonitorLog;
import dev.condlint.monitor.state.Entry;
import dev.condlint.monitor.state.ObjectStore;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The findings as OpenReports ({@code openreports.io/v1alpha1}, github.com/openreports/reports-api at
 * 769d978, whose CRDs are those of release v0.2.1): one {@code Report} per namespace and one {@code ClusterReport} for the cluster-scoped
 * objects, never one per object (reports per resource overloaded etcd in Kyverno, kyverno/kyverno#11943).
 * A result per finding: {@code policy} the rule id, {@code result} fail (error) or warn (warning, info),
 * {@code severity} high, medium or info, the object as its one resource, the message, and the pointer,
 * writer and contract basis as properties. A report holds at most {@code maxResults} results (errors
 * first), says so in {@code configuration.limits.maxResults}, and its summary counts every finding.
 * Only namespaces whose findings changed are written, every {@code interval}, at most
 * {@code writesPerSecond} writes a second; a namespace whose findings are gone keeps an empty report.
 */
public final class OpenReports implements AutoCloseable {
  public static final String API_VERSION = "openreports.io/v1alpha1";
  public static final String SOURCE = "condlint";
  static final ResourceDefinitionContext REPORTS = new ResourceDefinitionContext.Builder()
      .withGroup("openreports.io").withVersion("v1alpha1").withPlural("reports").withKind("Report")
      .withNamespaced(true).build();
  static final ResourceDefinitionContext CLUSTER_REPORTS = new ResourceDefinitionContext.Builder()
      .withGroup("openreports.io").withVersion("v1alpha1").withPlural("clusterreports").withKind("ClusterReport")
      .withNamespaced(false).build();
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * @param name the reports' name ({@code condlint}, or {@code condlint-shard-N} for one of several shards)
   * @param shard the shard written to the {@code condlint.dev/shard} label
   */
  public record Options(String name, int shard, Duration interval, int maxResults, double writesPerSecond) {
    public Options {
      if (maxResults < 1 || writesPerSecond <= 0 || interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("max results and writes per second must be more than 0");
      }
    }
  }

  private final KubernetesClient client;
  private final ObjectStore store;
  private final Options options;
  private final MonitorLog log;
  private final WritePacer pacer;
  // The resourceVersion of each report last written, by namespace ("" for the ClusterReport).
  private final Map<String, String> written = new ConcurrentHashMap<>();
  private final Set<String> pending = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "condlint-monitor-reports");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean closed;
  private volatile boolean started;

  public OpenReports(KubernetesClient client, ObjectStore store, Options options, MonitorLog log) {
    this(client, store, options, log, WritePacer.Time.SYSTEM);
  }

  /** As above, with the passing of time between writes given (for tests). */
  public OpenReports(KubernetesClient client, ObjectStore store, Options options, MonitorLog log, WritePacer.Time time) {
    this.client = client;
    this.store = store;
    this.options = options;
    this.log = log;
    this.pacer = new WritePacer(options.writesPerSecond(), time);
  }

  /**
   * Writes every {@code interval}; the first time, every namespace the store knows, so that a report
   * left by an earlier run with findings since fixed is emptied.
   */
  public void start() {
    started = true;
    store.entries().map(Entry::namespace).forEach(pending::add);
    writer.scheduleWithFixedDelay(this::flush, options.interval().toMillis(), options.interval().toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /**
   * Writes the namespaces whose findings changed (one round; for tests and the last round at shutdown),
   * each request at most {@code writesPerSecond} a second.
   */
  public synchronized void flush() {
    pending.addAll(store.takeDirtyNamespaces());
    for (String namespace : new TreeSet<>(pending)) {
      if (closed) {
        return;
      }
      pending.remove(namespace);
      try {
        write(namespace);
      } catch (KubernetesClientException e) {
        pending.add(namespace);
        log.warn("cannot write the OpenReport of " + (namespace.isEmpty() ? "the cluster scope" : "namespace " + namespace)
            + ": HTTP " + e.getCode() + ": " + e.getMessage() + "; trying again in " + options.interval().toSeconds() + "s"
            + (e.getCode() == 404 ? " (are the OpenReports CRDs installed? see docs/monitor.md)" : ""));
      } catch (Interrupted e) {
        pending.add(namespace);
        return;
      }
    }
  }

  /** The writer was interrupted while it waited for its turn: it is closing. */
  private static final class Interrupted extends RuntimeException {
    Interrupted() {
      super(null, null, false, false);
    }
  }

  /** Every write (a create, an update) waits for its turn; reads do not, as they cost etcd no write. */
  private void turn() {
    if (!pacer.awaitTurn()) {
      throw new Interrupted();
    }
  }

  private Resource<GenericKubernetesResource> resource(String namespace) {
    return namespace.isEmpty()
        ? client.genericKubernetesResources(CLUSTER_REPORTS).withName(options.name())
        : client.genericKubernetesResources(REPORTS).inNamespace(namespace).withName(options.name());
  }

  private Resource<GenericKubernetesResource> resource(String namespace, ObjectNode report) {
    GenericKubernetesResource object = client.getKubernetesSerialization()
        .convertValue(report, GenericKubernetesResource.class);
    return namespace.isEmpty()
        ? client.genericKubernetesResources(CLUSTER_REPORTS).resource(object)
        : client.genericKubernetesResources(REPORTS).inNamespace(namespace).resource(object);
  }

  /** Creates or updates the namespace's report; a namespace without findings and without a report is left alone. */
  private void write(String namespace) {
    ObjectNode report = report(namespace);
    boolean empty = report.path("results").isEmpty();
    Optional<String> version = Optional.ofNullable(written.get(namespace));
    if (version.isEmpty()) {
      GenericKubernetesResource existing = resource(namespace).get();
      if (existing == null) {
        if (empty) {
          return;
        }
        turn();
        GenericKubernetesResource created = resource(namespace, report).create();
        written.put(namespace, created.getMetadata().getResourceVersion());
        return;
      }
      version = Optional.of(existing.getMetadata().getResourceVersion());
    }
    ((ObjectNode) report.path("metadata")).put("resourceVersion", version.get());
    turn();
    try {
      written.put(namespace, resource(namespace, report).update().getMetadata().getResourceVersion());
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409 && e.getCode() != 404) {
        throw e;
      }
      // Changed or deleted by someone else since: read it again next round.
      written.remove(namespace);
      throw e;
    }
  }

  /** The report of a namespace ({@code ""}: the ClusterReport of the cluster-scoped objects) as the store now has it. */
  public ObjectNode report(String namespace) {
    List<Entry> entries = store.entries().filter(e -> e.namespace().equals(namespace) && !e.findings().isEmpty())
        .sorted(Comparator.comparing((Entry e) -> e.kind().groupLabel()).thenComparing(e -> e.kind().kind())
            .thenComparing(Entry::name))
        .toList();
    record Result(Entry entry, Flaw flaw) {}
    List<Result> all = new ArrayList<>();
    for (Entry e : entries) {
      for (Flaw f : e.findings()) {
        all.add(new Result(e, f));
      }
    }
    // Errors first, then warnings, then infos; within each, in object order (stable sort).
    all.sort(Comparator.comparing((Result r) -> r.flaw().severity()).reversed());
    long fail = all.stream().filter(r -> r.flaw().severity() == Severity.ERROR).count();
    ObjectNode report = JSON.createObjectNode();
    report.put("apiVersion", API_VERSION);
    report.put("kind", namespace.isEmpty() ? "ClusterReport" : "Report");
    ObjectNode metadata = report.putObject("metadata");
    metadata.put("name", options.name());
    if (!namespace.isEmpty()) {
      metadata.put("namespace", namespace);
    }
    ObjectNode labels = metadata.putObject("labels");
    labels.put("app.kubernetes.io/managed-by", "condlint");
    labels.put("condlint.dev/shard", String.valueOf(options.shard()));
    metadata.putObject("annotations").put("condlint.dev/results-dropped",
        String.valueOf(Math.max(0, all.size() - options.maxResults())));
    report.put("source", SOURCE);
    report.putObject("configuration").putObject("limits").put("maxResults", options.maxResults());
    ObjectNode summary = report.putObject("summary");
    summary.put("pass", 0);
    summary.put("fail", fail);
    summary.put("warn", all.size() - fail);
    summary.put("error", 0);
    summary.put("skip", 0);
    ArrayNode results = report.putArray("results");
    for (Result r : all.subList(0, Math.min(all.size(), options.maxResults()))) {
      result(results.addObject(), r.entry(), r.flaw());
    }
    return report;
  }

  private static void result(ObjectNode out, Entry e, Flaw f) {
    out.put("source", SOURCE);
    out.put("policy", f.rule());
    out.put("result", f.severity() == Severity.ERROR ? "fail" : "warn");
    out.put("severity", switch (f.severity()) {
      case ERROR -> "high";
      case WARNING -> "medium";
      case INFO -> "info";
    });
    ObjectNode timestamp = out.putObject("timestamp");
    timestamp.put("seconds", e.assessedAt().getEpochSecond());
    timestamp.put("nanos", 0);
    ObjectNode subject = out.putArray("resources").addObject();
    subject.put("apiVersion", e.kind().apiVersion());
    subject.put("kind", e.kind().kind());
    if (!e.namespace().isEmpty()) {
      subject.put("namespace", e.namespace());
    }
    subject.put("name", e.name());
    subject.put("uid", e.uid());
    out.put("message", f.message());
    ObjectNode properties = out.putObject("properties");
    properties.put("pointer", f.pointer());
    properties.put("writer", f.writer());
    if (!f.basis().isEmpty()) {
      properties.put("basis", f.basis());
    }
  }

  /**
   * Stops writing after one last round, so that a stop does not lose the changes of up to an interval:
   * the round writes the namespaces still pending (at the write rate) until the deadline, and what it
   * has not written by then is left unwritten. No round when writing never started: a store that has not
   * listed everything would empty reports whose findings it has not read yet.
   */
  public void close(Duration deadline) {
    if (started && !closed) {
      writer.execute(this::flush);
    }
    writer.shutdown();
    try {
      if (!writer.awaitTermination(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn("the last OpenReports were not all written within " + deadline.toSeconds() + "s of the stop");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    close();
  }

  /** Stops writing at once; a write in progress is cut short. */
  @Override
  public void close() {
    closed = true;
    writer.shutdownNow();
  }
}
