package dev.condlint.webhook;

import dev.condlint.cluster.CrdSource;
import dev.condlint.rules.schema.CrdCatalog;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The cluster's CRDs for the rules ({@code --cluster-crds}): an informer ({@link CrdSource}) keeps them,
 * and each new catalogue goes to {@link CurrentRules} on a worker thread, a burst of changes (the first
 * list) as one, so that no request waits for the rules to be rebuilt. {@code /readyz} waits for the
 * first list, at most {@code syncWait}; after that the webhook is ready without the CRDs it has not yet
 * seen, and judges those kinds as it does without cluster access, until they arrive.
 */
final class ClusterCrds implements AutoCloseable {
  // How often the first list is looked for: quick while /readyz waits for it, then slower.
  private static final long WAITING_CHECK_MS = 50;
  private static final long LATE_CHECK_MS = 1_000;

  private final Vertx vertx;
  private final CrdSource source;
  private final CurrentRules rules;
  private final WebhookMetrics metrics;
  private final JsonLog log;
  private final Duration syncWait;
  private final AtomicBoolean rebuildScheduled = new AtomicBoolean();
  private volatile boolean synced;
  private volatile boolean waitOver;
  private volatile boolean closed;
  private volatile long timer = -1;
  // The catalogue the rules use; written under this, read by the metrics without waiting for a rebuild.
  private volatile CrdCatalog applied = CrdCatalog.EMPTY;

  private ClusterCrds(Vertx vertx, KubernetesClient client, Duration syncWait, CurrentRules rules,
      WebhookMetrics metrics, JsonLog log) {
    this.vertx = vertx;
    this.syncWait = syncWait;
    this.rules = rules;
    this.metrics = metrics;
    this.log = log;
    this.source = new CrdSource(client, this::changed);
  }

  /** Starts the informer; returns at once, before the first list is in. */
  static ClusterCrds start(Vertx vertx, KubernetesClient client, Duration syncWait, CurrentRules rules,
      WebhookMetrics metrics, JsonLog log) {
    ClusterCrds crds = new ClusterCrds(vertx, client, syncWait, rules, metrics, log);
    metrics.clusterCrds(crds);
    crds.source.start();
    log.info("watching the cluster's CRDs", line -> line
        .put("masterUrl", String.valueOf(client.getMasterUrl()))
        .put("syncWait", syncWait.toString()));
    crds.awaitFirstList(System.nanoTime() + syncWait.toNanos());
    return crds;
  }

  /** Why {@code /readyz} should wait; empty once the first list is in or the wait is over. */
  Optional<String> notReady() {
    return waitOver ? Optional.empty() : Optional.of("waiting for the first list of the cluster's CRDs");
  }

  boolean synced() {
    return synced;
  }

  /** The CRD versions (those with a schema) the rules judge custom resources by. */
  int versions() {
    return applied.size();
  }

  /** Called on the informer's thread: rebuilds the rules on a worker, once for any number of changes meanwhile. */
  private void changed() {
    if (!closed && rebuildScheduled.compareAndSet(false, true)) {
      vertx.executeBlocking(() -> {
        rebuildScheduled.set(false);
        apply();
        return null;
      }, false);
    }
  }

  /** Gives the rules the informer's latest catalogue (built here, off the informer's thread), unless they have it. */
  private synchronized void apply() {
    CrdCatalog latest = source.catalog();
    if (latest != applied) {
      rules.useCrds(latest);
      applied = latest;
      metrics.crdsChanged();
    }
  }

  /**
   * Looks for the first list until it is in: ready once it is (and the rules have it), or at the
   * deadline (a {@link System#nanoTime} value) without it, saying so. One-shot timers, as in the drain.
   */
  private void awaitFirstList(long deadline) {
    if (closed) {
      return;
    }
    vertx.<Boolean>executeBlocking(() -> {
      if (!source.synced()) {
        return false;
      }
      apply();
      return true;
    }, false).onComplete(result -> {
      if (result.succeeded() && result.result()) {
        synced = true;
        boolean late = waitOver;
        waitOver = true;
        log.info("cluster CRDs listed", line -> line.put("crdVersions", versions()).put("late", late));
        return;
      }
      if (!waitOver && System.nanoTime() >= deadline) {
        waitOver = true;
        log.warn("the cluster's CRDs were not listed in time; ready without them, judging custom resources as"
            + " without cluster access until they are", line -> line
            .put("syncWait", syncWait.toString())
            .put("hint", "check that the webhook reaches the API server and may list and watch"
                + " customresourcedefinitions"));
      }
      if (!closed) {
        timer = vertx.setTimer(waitOver ? LATE_CHECK_MS : WAITING_CHECK_MS, id -> awaitFirstList(deadline));
      }
    });
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    vertx.cancelTimer(timer);
    source.close();
  }
}
