package dev.condlint.webhook;

import dev.condlint.cluster.Connection;
import dev.condlint.cluster.KubeClients;
import dev.condlint.rules.catalogue.Ruleset;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.net.KeyCertOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * The running webhook: the admission server ({@link WebhookServer}) with {@code /validate}; the probe
 * server ({@link ProbeServer}) with {@code /healthz}, {@code /readyz} and {@code /metrics}; the serving
 * certificate ({@link ServingCertificates}) and the rules ({@link CurrentRules}), which the
 * {@link Reloader} keeps current, with the cluster's CRDs ({@link ClusterCrds}) when it learns them;
 * and a graceful shutdown. One Kubernetes client, on the webhook's own Vert.x, serves the certificate
 * keeper and the CRD informer, when either needs one.
 */
public final class Webhook {
  private final Clock clock;
  private final Vertx vertx;
  private final JsonLog log;
  private final WebhookMetrics metrics;
  private final ServingCertificates certificates;
  private final CurrentRules rules;
  private final Reloader reloader;
  private final WebhookServer server;
  private final ProbeServer probes;
  private final BodyReader validate;
  private final WarmUp warmUp;
  private final WebhookOptions options;
  private final Optional<KubernetesClient> client;
  private volatile Optional<ClusterCrds> crds = Optional.empty();

  private Webhook(WebhookOptions options, Ruleset ruleset, JsonLog log, Function<Vertx, KubernetesClient> clients,
      Clock clock) {
    this.options = options;
    this.clock = clock;
    this.log = log;
    this.metrics = new WebhookMetrics(clock);
    this.vertx = Vertx.vertx(new VertxOptions()
        // A thread of its own for each server of the admission port, beside the others' loops.
        .setEventLoopPoolSize(Math.max(VertxOptions.DEFAULT_EVENT_LOOP_POOL_SIZE, options.eventLoops() + 1)));
    // Without Vert.x's metrics: the two HTTP meters of its names are counted by WebhookMetrics.
    // The Kubernetes client runs on the webhook's own Vert.x: one event loop group, one Vert.x version.
    try {
      this.client = options.managedCertificates().isPresent() || options.clusterCrds()
          ? Optional.of(clients.apply(vertx))
          : Optional.empty();
    } catch (RuntimeException e) {
      metrics.close();
      vertx.close();
      throw e;
    }
    this.certificates = new ServingCertificates(options, options.managedCertificates()
        .map(managed -> new CertificateKeeper(managed, client.orElseThrow(), clock)), metrics, log);
    this.rules = new CurrentRules(new RulesLoader(ruleset, options.mode(), clock), options.config(), log);
    this.reloader = new Reloader(vertx, options, certificates, rules, metrics, log);
    InflightBudget budget = new InflightBudget(options.maxInflightBytes(), options.maxConnectionInflightBytes());
    metrics.inflightBudget(budget);
    ReadQueue queue = new ReadQueue(options.maxReadingBytes(), options.maxWaiting(), budget);
    metrics.readQueue(queue);
    this.server = new WebhookServer(vertx, options, budget, metrics, log);
    this.probes = new ProbeServer(vertx, options, metrics, log);
    this.warmUp = new WarmUp(rules, options.warmUp(), log);
    Unchecked unchecked = new Unchecked(options, metrics, log);
    ValidateHandler decisions = new ValidateHandler(vertx,
        vertx.createSharedWorkerExecutor("condlint-rules", Math.max(2, Runtime.getRuntime().availableProcessors())),
        rules, options, metrics, log, unchecked);
    this.validate = new BodyReader(vertx, options, server::account, decisions::validate, unchecked, queue,
        server::tooManyStreams);
  }

  /**
   * Loads the certificate and the rules, then listens; fails if either cannot be loaded. The
   * configuration file, and each reload of it, is checked against {@code ruleset}.
   */
  public static Future<Webhook> start(WebhookOptions options, Ruleset ruleset) {
    return start(options, ruleset, new JsonLog(System.out, Clock.systemUTC()));
  }

  static Future<Webhook> start(WebhookOptions options, Ruleset ruleset, JsonLog log) {
    return start(options, ruleset, log, clusterClients(options), Clock.systemUTC());
  }

  /**
   * The client of the cluster, on the webhook's Vert.x, connected as kubectl would: {@code --kubeconfig},
   * else its usual places, else the pod's account; built as {@code condlint audit} builds its own.
   */
  static Function<Vertx, KubernetesClient> clusterClients(WebhookOptions options) {
    Connection connection = new Connection(options.kubeconfig(), Optional.empty());
    return vertx -> KubeClients.create(connection.config(), vertx);
  }

  static Future<Webhook> start(WebhookOptions options, Ruleset ruleset, JsonLog log,
      Function<Vertx, KubernetesClient> clients, Clock clock) {
    Webhook webhook;
    try {
      webhook = new Webhook(options, ruleset, log, clients, clock);
    } catch (RuntimeException e) {
      // No cluster to connect to, or a kubeconfig that cannot be read.
      log.error("cannot start", line -> line.put("error", String.valueOf(e.getMessage())));
      return Future.failedFuture(e);
    }
    // Not bound to a Vert.x context: on failure Vert.x is closed, and callbacks must still run.
    Promise<Webhook> started = Promise.promise();
    webhook.vertx.<Void>executeBlocking(() -> {
          webhook.certificates.load();
          webhook.rules.load();
          return null;
        })
        .compose(v -> {
          webhook.warmUp.start();
          webhook.startCrds();
          webhook.reloader.start();
          return webhook.server.listen(KeyCertOptions.wrap(webhook.certificates.keyManager()), webhook.validate)
              .compose(listening -> webhook.probes.listen(webhook::notReady));
        })
        .onComplete(result -> {
          if (result.succeeded()) {
            started.complete(webhook);
          } else {
            log.error("cannot start", line -> line.put("error", String.valueOf(result.cause().getMessage())));
            started.fail(result.cause());
            webhook.closeClients();
            webhook.metrics.close();
            webhook.vertx.close();
          }
        });
    return started.future();
  }

  private void startCrds() {
    if (options.clusterCrds()) {
      crds = Optional.of(ClusterCrds.start(vertx, client.orElseThrow(), options.crdSyncWait(), rules, metrics, log));
    }
  }

  /** Stops the CRD informer, then closes the Kubernetes client. */
  private void closeClients() {
    crds.ifPresent(ClusterCrds::close);
    client.ifPresent(KubernetesClient::close);
  }

  public int port() {
    return server.port();
  }

  /** The plain-HTTP port of the probes and the metrics. */
  public int probePort() {
    return probes.port();
  }

  /** Requests started and not yet answered. */
  int inFlight() {
    return server.inFlight();
  }

  /**
   * Ready when an unexpired certificate and the rules are loaded, the warm-up is over, the first list of the cluster's CRDs
   * is in (or {@code --crd-sync-wait} is over), and the server is not shutting down: an expired
   * certificate makes every API server call fail, so the pod should not look healthy.
   */
  public boolean ready() {
    return notReady().isEmpty();
  }

  /** Why the webhook is not ready; empty when it is. */
  private Optional<String> notReady() {
    if (server.draining()) {
      return Optional.of("shutting down");
    }
    if (!certificates.validAt(clock.instant()) || rules.get() == null) {
      return Optional.of("not ready: no valid certificate or rules");
    }
    Optional<String> warming = warmUp.notReady();
    if (warming.isPresent()) {
      return warming;
    }
    return crds.flatMap(ClusterCrds::notReady);
  }

  /**
   * Stops the reloads and the CRD informer (the rules keep the CRDs they have), drains the server (at
   * most {@code grace}, see {@link WebhookServer#drain}), then closes the Kubernetes client and Vert.x.
   */
  public Future<Void> shutdown(Duration grace) {
    reloader.stop();
    crds.ifPresent(ClusterCrds::close);
    Promise<Void> stopped = Promise.promise();
    server.drain(grace).eventually(v -> probes.close()).onComplete(closed -> {
      closeClients();
      metrics.close();
      closeVertx(stopped);
    });
    return stopped.future();
  }

  /**
   * Closes Vert.x and completes {@code stopped} once its event loops have terminated. Vert.x 4.5's own
   * close future delivers its result on an event loop it has just shut down, so that result can be lost
   * (RejectedExecutionException); Netty's termination future has no such problem.
   */
  private void closeVertx(Promise<Void> stopped) {
    vertx.nettyEventLoopGroup().terminationFuture().addListener(terminated -> {
      log.info("stopped", line -> { });
      stopped.complete();
    });
    vertx.close();
  }
}
