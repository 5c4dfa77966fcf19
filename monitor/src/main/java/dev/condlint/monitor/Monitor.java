package dev.condlint.monitor;

import dev.condlint.cluster.ClusterSession;
import dev.condlint.monitor.assess.Assessor;
import dev.condlint.monitor.assess.Interner;
import dev.condlint.monitor.assess.PickupDeadline;
import dev.condlint.monitor.http.MonitorServer;
import dev.condlint.monitor.http.StuckJson;
import dev.condlint.monitor.log.MonitorLog;
import dev.condlint.monitor.metrics.MonitorMetrics;
import dev.condlint.monitor.reports.OpenReports;
import dev.condlint.monitor.state.ObjectStore;
import dev.condlint.monitor.watch.ResourceWatches;
import dev.condlint.monitor.watch.Sharding;
import dev.condlint.rules.engine.Engine;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code condlint monitor} as a library: watches a cluster through a {@link ClusterSession}, keeps each
 * object's assessment, and serves metrics, probes and the stuck objects over HTTP until closed. Time
 * moves on its own: every {@code tick}, objects become stuck as their thresholds pass, and objects whose
 * findings change at a deadline are read again and judged (at most {@code rechecksPerTick} a tick).
 */
public final class Monitor implements AutoCloseable {
  /** How long the stop may spend writing the OpenReports still pending (a part of the command's 8 s). */
  static final Duration LAST_REPORTS = Duration.ofSeconds(3);

  /**
   * @param scope what to watch
   * @param host the address to listen on ({@code 0.0.0.0}, {@code 127.0.0.1})
   * @param port the port (0: any free one)
   * @param namespaceLabels whether per-kind metrics carry a namespace label
   * @param maxSeries the most series one metric exports
   * @param topWriters how many writers condlint_findings_by_writer names (the rest are other)
   * @param stuckAfter how long a summary condition may be False or Unknown before the object is stuck
   * @param crdWait how long to wait for the first list of the CRDs before judging without them
   * @param tick how often time is looked at
   * @param reports the OpenReports to write, if any
   */
  public record Options(ResourceWatches.Scope scope, Sharding sharding, String host, int port, boolean namespaceLabels,
      int maxSeries, int topWriters, Duration stuckAfter, Duration crdWait, Duration tick, int rechecksPerTick,
      Optional<OpenReports.Options> reports) {}

  private final ObjectStore store;
  private final ResourceWatches watches;
  private final MonitorMetrics metrics;
  private final Vertx serving;
  private final MonitorServer server;
  private final Optional<OpenReports> reports;
  private final MonitorLog log;
  private final ScheduledExecutorService clockwork = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "condlint-monitor-clock");
    t.setDaemon(true);
    return t;
  });
  private final ExecutorService rechecks = Executors.newFixedThreadPool(2, r -> {
    Thread t = new Thread(r, "condlint-monitor-recheck");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean reportsStarted;

  private Monitor(ClusterSession session, Engine engine, Options options, Clock clock, MonitorLog log) {
    this.log = log;
    Interner strings = new Interner(100_000);
    Assessor assessor = new Assessor(engine, options.stuckAfter(), PickupDeadline.of(engine), strings);
    this.store = new ObjectStore(new ObjectStore.Options(options.namespaceLabels(), options.maxSeries()), clock, strings);
    this.watches = new ResourceWatches(session, options.scope(), options.sharding(), assessor, store, clock,
        options.crdWait(), log);
    this.metrics = new MonitorMetrics(store, watches, options.topWriters());
    this.reports = options.reports().map(o -> new OpenReports(session.client(), store, o, log));
    // A Vert.x of its own for the endpoints, one event loop: the client's loops read list pages and
    // wait for the judge to catch up, and /healthz must not wait behind them.
    this.serving = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(2)
        .setInternalBlockingPoolSize(1)
        .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false).setClassPathResolvingEnabled(false)));
    this.server = new MonitorServer(serving, new MonitorServer.Pages() {
      @Override
      public String metrics() {
        return metrics.scrape();
      }

      @Override
      public String metricsContentType() {
        return MonitorMetrics.contentType();
      }

      @Override
      public Optional<String> notReady() {
        return watches.notReady();
      }

      @Override
      public String stuck() {
        return StuckJson.of(store);
      }
    });
  }

  /**
   * Listens, then starts watching; a {@link MonitorException} when the address cannot be listened on.
   * Returns before the first lists are in ({@code /readyz} says when they are).
   */
  public static Monitor start(ClusterSession session, Engine engine, Options options, Clock clock, MonitorLog log) {
    Monitor monitor = new Monitor(session, engine, options, clock, log);
    try {
      monitor.server.listen(options.host(), options.port()).toCompletionStage().toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      monitor.close();
      throw new MonitorException("cannot listen on " + options.host() + ":" + options.port() + ": "
          + e.getCause().getMessage(), e.getCause());
    } catch (InterruptedException | TimeoutException e) {
      monitor.close();
      throw new MonitorException("cannot listen on " + options.host() + ":" + options.port() + ": " + e, e);
    }
    log.info("serving /metrics, /healthz, /readyz and /stuck on " + options.host() + ":" + monitor.port()
        + (options.sharding().total() > 1
            ? " (shard " + options.sharding().shard() + " of " + options.sharding().total() + ")" : ""));
    monitor.watches.start();
    monitor.clockwork.scheduleWithFixedDelay(() -> monitor.tick(options.rechecksPerTick()), options.tick().toMillis(),
        options.tick().toMillis(), TimeUnit.MILLISECONDS);
    return monitor;
  }

  /** Objects stuck by time alone; objects whose deadline passed read again; reports started once ready. */
  private void tick(int rechecksPerTick) {
    try {
      store.tick();
      for (ObjectStore.Due due : store.takeDue(rechecksPerTick)) {
        rechecks.execute(() -> watches.recheck(due.uid(), due.resourceVersion()));
      }
      if (!reportsStarted && reports.isPresent() && watches.notReady().isEmpty()) {
        reportsStarted = true;
        reports.get().start();
        log.info("writing OpenReports of " + store.size() + " objects");
      }
    } catch (RuntimeException e) {
      log.warn("the monitor's clock failed: " + e);
    }
  }

  /** The port listened on. */
  public int port() {
    return server.port();
  }

  /** Why the monitor is not ready yet; empty once every watched resource has listed. */
  public Optional<String> notReady() {
    return watches.notReady();
  }

  public ObjectStore store() {
    return store;
  }

  public ResourceWatches watches() {
    return watches;
  }

  public Optional<OpenReports> reports() {
    return reports;
  }

  /**
   * Writes the OpenReports still pending, then stops watching and serving; bounded, so that a SIGTERM
   * ends the process well within 10 s.
   */
  @Override
  public void close() {
    clockwork.shutdownNow();
    rechecks.shutdownNow();
    reports.ifPresent(r -> r.close(LAST_REPORTS));
    watches.close();
    try {
      server.close().toCompletionStage().toCompletableFuture().get(3, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      // Closing is all we can do; the process ends either way.
    }
    metrics.close();
    try {
      serving.close().toCompletionStage().toCompletableFuture().get(3, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      // As above.
    }
  }
}
