package dev.condlint.cli.monitor;

import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cluster.ClusterException;
import dev.condlint.cluster.ClusterSession;
import dev.condlint.cluster.Connection;
import dev.condlint.cluster.KindFilter;
import dev.condlint.cluster.Retry;
import dev.condlint.monitor.Monitor;
import dev.condlint.monitor.MonitorException;
import dev.condlint.monitor.log.MonitorLog;
import dev.condlint.monitor.reports.OpenReports;
import dev.condlint.monitor.watch.ResourceWatches;
import dev.condlint.monitor.watch.Sharding;
import dev.condlint.rules.engine.Engine;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One monitor as the command's flags describe it: connects, starts the monitor, and waits; a JVM
 * shutdown hook (SIGTERM, SIGINT) stops it and closes the connection, bounded, so the process ends
 * within 10 s. The command names only this class and its settings, plain values, so that the cluster
 * code loads when the monitor runs and not when its help is built.
 */
final class ClusterMonitor {
  /** How long the shutdown may take before the process ends regardless: Kubernetes waits 30 s by default. */
  static final Duration SHUTDOWN = Duration.ofSeconds(8);
  /** Longer than the monitor's reading may wait for its judge (ResourceWatches' backlog): see ClusterSession. */
  static final Duration EVENT_LOOP_WORK = Duration.ofSeconds(15);

  private ClusterMonitor() {}

  /**
   * Runs until the JVM is asked to stop; returns only when it cannot start (exit status 2, after one
   * line on {@code err} saying why).
   */
  static int run(MonitorSettings settings, Engine engine, Clock wallClock, Path workingDirectory, PrintWriter err) {
    Connection connection = new Connection(settings.kubeconfig().map(workingDirectory::resolve), settings.context());
    // --now moves the start of the monitor's clock; from there it runs at the wall clock's pace.
    Clock clock = Clock.offset(wallClock, Duration.between(wallClock.instant(), settings.start()));
    MonitorLog log = MonitorLog.to(err);
    ClusterSession session;
    try {
      session = ClusterSession.open(connection, settings.requestTimeout(), Retry.DEFAULT, EVENT_LOOP_WORK);
    } catch (ClusterException e) {
      return error(err, e.getMessage());
    }
    Monitor monitor;
    try {
      monitor = Monitor.start(session, engine, options(settings), clock, log);
    } catch (MonitorException e) {
      session.close();
      return error(err, e.getMessage());
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(monitor, session, log, stopped),
        "condlint-monitor-shutdown"));
    try {
      // Until SIGTERM: the shutdown hook stops the monitor, and the JVM ends when it returns.
      new CountDownLatch(1).await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return ExitCodes.CLEAN;
  }

  private static void stop(Monitor monitor, ClusterSession session, MonitorLog log, CountDownLatch stopped) {
    log.info("stopping");
    Thread closing = new Thread(() -> {
      monitor.close();
      session.close();
      stopped.countDown();
    }, "condlint-monitor-close");
    closing.setDaemon(true);
    closing.start();
    try {
      if (stopped.await(SHUTDOWN.toMillis(), TimeUnit.MILLISECONDS)) {
        log.info("stopped");
      } else {
        log.warn("not stopped within " + SHUTDOWN.toSeconds() + "s; ending anyway");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static Monitor.Options options(MonitorSettings s) {
    Sharding sharding = new Sharding(s.shard(), s.totalShards());
    Optional<OpenReports.Options> reports = s.openReports()
        ? Optional.of(new OpenReports.Options(s.totalShards() > 1 ? "condlint-shard-" + s.shard() : "condlint",
            s.shard(), s.reportInterval(), s.reportMaxResults(), s.reportWritesPerSecond()))
        : Optional.empty();
    return new Monitor.Options(
        new ResourceWatches.Scope(s.namespace(), s.selector(), KindFilter.of(s.kinds(), s.excludeKinds()),
            s.chunkSize()),
        sharding, s.host(), s.port(), s.namespaceLabels(), s.maxSeries(), s.topWriters(), s.stuckAfter(),
        s.crdSyncWait(), Duration.ofSeconds(1), 50, reports);
  }

  private static int error(PrintWriter err, String message) {
    err.println(TerminalText.escape("condlint: error: " + message));
    err.flush();
    return ExitCodes.USAGE_OR_INPUT;
  }
}
