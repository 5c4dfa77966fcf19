package dev.condlint.webhook;

import dev.condlint.admission.Decision;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheus.PrometheusConfig;
import io.micrometer.prometheus.PrometheusMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * The webhook's own meters, beside the two HTTP server meters of Vert.x's names and the JVM's and the
 * process's (memory, GC, threads, classes, CPU, uptime, open files), in one Prometheus registry.
 *
 * <p>Vert.x's own metrics are off: with them on, every request looked up about eight meters in the
 * registry (request and response sizes and times, bytes read and written, each a new meter id matched
 * against the registry's filters), 5.8% of the webhook's CPU under load, for meters nobody documented.
 * The two that {@code docs/webhook.md} names, {@code vertx_http_server_requests_total{code,method,route}}
 * and {@code vertx_http_server_active_requests{method}}, are counted here with the same names and labels
 * ({@link #httpRequest}).
 */
final class WebhookMetrics implements AutoCloseable {
  // Histogram buckets from 0.5 ms to 10 s: admission latency adds to every write the API server serves.
  private static final Duration[] LATENCY_BUCKETS = {
      Duration.ofNanos(500_000), Duration.ofMillis(1), Duration.ofNanos(2_500_000), Duration.ofMillis(5),
      Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100),
      Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500),
      Duration.ofSeconds(5), Duration.ofSeconds(10)};

  // The kinds of the first requests; a cluster's kinds with status conditions fit, a flood of made-up ones does not.
  static final int MAX_KINDS = 100;
  private static final Pattern KIND = Pattern.compile("[A-Za-z][A-Za-z0-9]{0,62}");
  private static final Set<String> METHODS =
      Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");

  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final BoundedLabels operations = BoundedLabels.of(Set.of("CREATE", "UPDATE", "DELETE", "CONNECT"));
  private final BoundedLabels kinds = new BoundedLabels(MAX_KINDS, kind -> KIND.matcher(kind).matches());
  private final Clock clock;
  private final AtomicReference<Instant> certificateNotAfter = new AtomicReference<>();
  private final AtomicReference<Instant> crdsChanged = new AtomicReference<>();
  private final Timer latency;
  // Listens to the JVM's collections until closed.
  private final JvmGcMetrics gc = new JvmGcMetrics();
  // The counters by their tags, so a request does not build and look up meter ids (same meters, same tags).
  private final Map<RequestKey, Counter> requests = new ConcurrentHashMap<>();
  private final Map<FindingKey, Counter> findings = new ConcurrentHashMap<>();

  private record RequestKey(String operation, String kind, Decision.Outcome decision) {}

  private record FindingKey(String rule, String severity) {}

  private record HttpKey(String code, String method, String route) {}

  // Vert.x's HTTP server meters, by their labels.
  private final Map<String, LongAdder> activeRequests = new ConcurrentHashMap<>();
  private final Map<HttpKey, Counter> httpRequests = new ConcurrentHashMap<>();

  WebhookMetrics(Clock clock) {
    this.clock = clock;
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    new FileDescriptorMetrics().bindTo(registry);
    latency = Timer.builder("condlint.admission.duration")
        .description("Time from a request's arrival to its decision")
        .serviceLevelObjectives(LATENCY_BUCKETS)
        .minimumExpectedValue(LATENCY_BUCKETS[0])
        .maximumExpectedValue(LATENCY_BUCKETS[LATENCY_BUCKETS.length - 1])
        .register(registry);
    Gauge.builder("condlint.certificate.expiry", certificateNotAfter,
            at -> at.get() == null ? Double.NaN : Duration.between(clock.instant(), at.get()).toSeconds())
        .description("Seconds until the serving certificate expires")
        .baseUnit("seconds")
        .register(registry);
  }

  PrometheusMeterRegistry registry() {
    return registry;
  }

  /** Shows the requests waiting to be read, and what the bodies being read declare. */
  void readQueue(ReadQueue queue) {
    Gauge.builder("condlint.reading.waiting", queue, ReadQueue::waitingCount)
        .description("Requests waiting unread for their body to be read (at most --max-waiting)")
        .register(registry);
    Gauge.builder("condlint.reading.body", queue, ReadQueue::readingBytes)
        .description("What the bodies being read declare together (at most --max-reading-bytes, or one body)")
        .baseUnit("bytes")
        .register(registry);
  }

  /** Shows the bytes held for requests, and their bound. */
  void inflightBudget(InflightBudget budget) {
    Gauge.builder("condlint.inflight.body", budget, InflightBudget::used)
        .description("Bytes held for requests: bodies as they arrive, then decoded objects until their evaluation stops")
        .baseUnit("bytes")
        .register(registry);
    Gauge.builder("condlint.inflight.body.max", budget, InflightBudget::max)
        .description("The bound on condlint_inflight_body_bytes (--max-inflight-bytes)")
        .baseUnit("bytes")
        .register(registry);
  }

  /** Shows what the rules know of the cluster's CRDs. */
  void clusterCrds(ClusterCrds crds) {
    Gauge.builder("condlint.crds.synced", crds, c -> c.synced() ? 1 : 0)
        .description("1 once the first list of the cluster's CRDs is in the rules, else 0")
        .register(registry);
    Gauge.builder("condlint.crds.versions", crds, ClusterCrds::versions)
        .description("CRD versions (those with a schema) from the cluster that custom resources are judged by")
        .register(registry);
    Gauge.builder("condlint.crds.last.change.timestamp", crdsChanged,
            at -> at.get() == null ? Double.NaN : at.get().toEpochMilli() / 1000.0)
        .description("When the rules last took in a change of the cluster's CRDs, in Unix time")
        .baseUnit("seconds")
        .register(registry);
  }

  void crdsChanged() {
    crdsChanged.set(clock.instant());
  }

  void certificateLoaded(Instant notAfter) {
    certificateNotAfter.set(notAfter);
  }

  /**
   * Counts an HTTP request in Vert.x's two meters as it starts: it is active until {@link
   * HttpRequest#ended} (its response ended, or its connection closed first), and then counted in
   * {@code vertx_http_server_requests_total} if its response ended. {@code method} is as the client
   * named it; the label is a standard method or {@code other}.
   */
  HttpRequest httpRequest(String method) {
    String label = METHODS.contains(method) ? method : BoundedLabels.OTHER;
    LongAdder active = activeRequests.computeIfAbsent(label, m -> {
      LongAdder adder = new LongAdder();
      Gauge.builder("vertx.http.server.active.requests", adder, LongAdder::sum)
          .description("Number of requests being processed")
          .tag("method", m)
          .register(registry);
      return adder;
    });
    active.increment();
    return new HttpRequest(label, active);
  }

  /** One request of {@link #httpRequest}. */
  final class HttpRequest {
    private final String method;
    private final LongAdder active;
    private boolean ended;

    private HttpRequest(String method, LongAdder active) {
      this.method = method;
      this.active = active;
    }

    /**
     * The request is over: answered with {@code code} by the route {@code route} (the path of the
     * route that served it, {@code ""} when none did), or, when {@code answered} is false, closed
     * before its answer ended (not counted, as Vert.x counted such a request only as a reset).
     */
    void ended(boolean answered, int code, String route) {
      if (ended) {
        return;
      }
      ended = true;
      active.decrement();
      if (answered) {
        httpRequests.computeIfAbsent(new HttpKey(Integer.toString(code), method, route),
            key -> Counter.builder("vertx.http.server.requests")
                .description("Number of processed requests")
                .tag("code", key.code())
                .tag("method", key.method())
                .tag("route", key.route())
                .register(registry))
            .increment();
      }
    }
  }

  /** Counts a decision; {@code outcome} is its {@link Decision#outcome()}, which the caller logs too. */
  void decided(Decision decision, Decision.Outcome outcome, Duration took) {
    latency.record(took);
    requests.computeIfAbsent(
        new RequestKey(operations.of(decision.request().operation()), kinds.of(decision.request().kind()), outcome),
        key -> Counter.builder("condlint.admission.requests")
            .description("Admission requests by operation, kind (the first " + MAX_KINDS + ", then other) and decision")
            .tag("operation", key.operation())
            .tag("kind", key.kind())
            .tag("decision", key.decision().label())
            .register(registry))
        .increment();
    for (Decision.Count count : decision.counts()) {
      findings.computeIfAbsent(new FindingKey(count.ruleId(), count.severity().label()),
          key -> Counter.builder("condlint.findings")
              .description("Findings by rule and severity")
              .tag("rule", key.rule())
              .tag("severity", key.severity())
              .register(registry))
          .increment(count.count());
    }
  }

  /** Counts a review that was not checked, by why. */
  void unchecked(Unchecked.Reason reason, Duration took) {
    latency.record(took);
    Counter.builder("condlint.admission.unchecked")
        .description("Reviews answered 503 without a check (the webhook's failurePolicy decides), by reason")
        .tag("reason", reason.label())
        .register(registry)
        .increment();
  }

  /**
   * The counter of the admission requests one event loop serves, by its thread's name: how evenly the
   * connections, and so the requests, spread over the loops ({@code --event-loops} of them).
   */
  Counter eventLoop(String thread) {
    return Counter.builder("condlint.admission.eventloop.requests")
        .description("Admission requests by the event loop that served them")
        .tag("loop", thread)
        .register(registry);
  }

  /** Counts a connection closed as it was accepted, because its port had as many open as it may. */
  void connectionRefused(String port) {
    Counter.builder("condlint.connections.refused")
        .description("Connections closed as they were accepted because --max-connections were open, by port")
        .tag("port", port)
        .register(registry)
        .increment();
  }

  /** Counts a connection closed for holding the server without using it. */
  void connectionClosed(ConnectionGuard.Reason reason) {
    Counter.builder("condlint.connections.closed")
        .description("Connections the server closed for being slow to send a request or idle, by reason")
        .tag("reason", reason.label)
        .register(registry)
        .increment();
  }

  @Override
  public void close() {
    gc.close();
  }

  void reloaded(String what, boolean ok) {
    Counter.builder("condlint.reloads")
        .description("Reloads of the certificate and the configuration, by result")
        .tag("file", what)
        .tag("result", ok ? "ok" : "failed")
        .register(registry)
        .increment();
  }
}
