package dev.condlint.webhook;

import dev.condlint.admission.Admission;
import dev.condlint.certs.SelfSignedCertificates;
import dev.condlint.certs.ServingCertificate;
import dev.condlint.certs.kube.CertificateManager;
import dev.condlint.certs.kube.KubernetesClients;
import io.fabric8.kubernetes.client.KubernetesClient;
import dev.condlint.rules.api.RuleRegistry;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.PrometheusScrapingHandler;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The running webhook: an HTTPS server (TLS 1.2/1.3, HTTP/2 and HTTP/1.1) with {@code /validate},
 * {@code /healthz}, {@code /readyz} and {@code /metrics}, the certificate and configuration it reloads
 * when their files change (or the certificates it keeps itself with {@code --manage-certs}), and a
 * graceful shutdown.
 */
public final class Webhook {
  private final WebhookOptions options;
  private final Clock clock;
  private final Vertx vertx;
  private final JsonLog log;
  private final WebhookMetrics metrics;
  private final RulesLoader loader;
  private final Optional<FileWatcher> certificateFiles;
  private final Optional<FileWatcher> configFile;
  private final Optional<CertificateKeeper> certificateKeeper;
  private final AtomicReference<Admission> admission = new AtomicReference<>();
  private final AtomicReference<ReloadingKeyManager> keyManager = new AtomicReference<>();
  private final AtomicReference<ServingCertificate> served = new AtomicReference<>();
  private final AtomicBoolean draining = new AtomicBoolean();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final Set<HttpConnection> connections = ConcurrentHashMap.newKeySet();
  private WorkerExecutor workers;
  private HttpServer server;
  private long reloadTimer = -1;
  private long certificateTimer = -1;

  private Webhook(WebhookOptions options, RuleRegistry registry, JsonLog log, Function<Vertx, KubernetesClient> clients,
      Clock clock) {
    this.options = options;
    this.clock = clock;
    this.log = log;
    this.metrics = new WebhookMetrics(clock);
    this.loader = new RulesLoader(registry, options.mode(), clock);
    this.certificateFiles = options.tlsCert().map(cert -> new FileWatcher(List.of(cert, options.tlsKey().orElseThrow())));
    this.configFile = options.config().map(file -> new FileWatcher(List.of(file)));
    this.vertx = Vertx.vertx(new VertxOptions().setMetricsOptions(new MicrometerMetricsOptions()
        .setEnabled(true)
        .setMicrometerRegistry(metrics.registry())
        // One registry per webhook: Vert.x keys them by name, and tests run several in one JVM.
        .setRegistryName("condlint-" + UUID.randomUUID())));
    // The Kubernetes client runs on the webhook's own Vert.x: one event loop group, one Vert.x version.
    this.certificateKeeper = options.managedCertificates()
        .map(managed -> new CertificateKeeper(managed, clients.apply(vertx), clock));
  }

  /** Loads the certificate and the rules, then listens; fails if either cannot be loaded. */
  public static Future<Webhook> start(WebhookOptions options, RuleRegistry registry) {
    return start(options, registry, new JsonLog(System.out, Clock.systemUTC()));
  }

  static Future<Webhook> start(WebhookOptions options, RuleRegistry registry, JsonLog log) {
    return start(options, registry, log, vertx -> KubernetesClients.create(Optional.of(vertx)), Clock.systemUTC());
  }

  static Future<Webhook> start(WebhookOptions options, RuleRegistry registry, JsonLog log,
      Function<Vertx, KubernetesClient> clients, Clock clock) {
    Webhook webhook = new Webhook(options, registry, log, clients, clock);
    // Not bound to a Vert.x context: on failure Vert.x is closed, and callbacks must still run.
    Promise<Webhook> started = Promise.promise();
    webhook.vertx.<Void>executeBlocking(() -> {
          webhook.loadAll();
          return null;
        })
        .compose(v -> webhook.listen())
        .onComplete(result -> {
          if (result.succeeded()) {
            started.complete(webhook);
          } else {
            log.error("cannot start", line -> line.put("error", String.valueOf(result.cause().getMessage())));
            started.fail(result.cause());
            webhook.certificateKeeper.ifPresent(CertificateKeeper::close);
            webhook.vertx.close();
          }
        });
    return started.future();
  }

  public int port() {
    return server.actualPort();
  }

  /** Requests started and not yet answered. */
  int inFlight() {
    return inFlight.get();
  }

  /**
   * Ready when an unexpired certificate and the rules are loaded and the server is not shutting
   * down: an expired certificate makes every API server call fail, so the pod should not look healthy.
   */
  public boolean ready() {
    ServingCertificate certificate = served.get();
    return keyManager.get() != null && certificate != null && clock.instant().isBefore(certificate.notAfter())
        && admission.get() != null && !draining.get();
  }

  private void loadAll() throws IOException {
    if (options.selfSigned()) {
      applyCertificate(SelfSignedCertificates.local(Duration.ofDays(365)));
    } else if (certificateKeeper.isPresent()) {
      keepCertificates();
    } else {
      certificateFiles.orElseThrow().poll(files -> applyCertificate(ServingCertificate.fromPem(files.get(0), files.get(1))));
    }
    if (configFile.isEmpty()) {
      admission.set(loader.defaults());
    } else {
      configFile.get().poll(this::applyConfig);
    }
  }

  private ServingCertificate applyCertificate(ServingCertificate certificate) {
    ReloadingKeyManager current = keyManager.get();
    if (current == null) {
      keyManager.set(new ReloadingKeyManager(certificate));
    } else {
      current.swap(certificate);
    }
    served.set(certificate);
    metrics.certificateLoaded(certificate.notAfter());
    log.info("serving certificate loaded", line -> line
        .put("subject", certificate.certificate().getSubjectX500Principal().getName())
        .put("serial", certificate.certificate().getSerialNumber().toString(16))
        .put("notAfter", certificate.notAfter().toString()));
    return certificate;
  }

  /**
   * Runs the certificate keeper and serves what the Secret holds when it differs from what is served
   * (renewed here, or by another replica). Present when a new certificate was loaded.
   */
  private Optional<ServingCertificate> keepCertificates() {
    CertificateManager.Outcome outcome = certificateKeeper.orElseThrow().reconcile();
    if (outcome.secret() != CertificateManager.Change.UNCHANGED || outcome.injected()) {
      ManagedCertificates managed = options.managedCertificates().orElseThrow();
      log.info("certificates managed", line -> line
          .put("secret", managed.namespace() + "/" + managed.secret())
          .put("change", outcome.secret().name().toLowerCase(java.util.Locale.ROOT))
          .put("caBundleInjected", outcome.injected())
          .put("trustedCAs", outcome.bundle().trusted().size()));
    }
    ServingCertificate current = served.get();
    ServingCertificate stored = outcome.bundle().serving();
    if (current != null && current.certificate().equals(stored.certificate())) {
      return Optional.empty();
    }
    return Optional.of(applyCertificate(stored));
  }

  private Admission applyConfig(List<String> files) {
    Path file = options.config().orElseThrow();
    Admission loaded = loader.load(file.toString(), files.get(0));
    admission.set(loaded);
    log.info("configuration loaded", line -> line.put("file", file.toString()));
    return loaded;
  }

  private Future<Void> listen() {
    HttpServerOptions serverOptions = new HttpServerOptions()
        .setHost(options.host())
        .setPort(options.port())
        .setSsl(true)
        .setUseAlpn(true)
        .setEnabledSecureTransportProtocols(Set.of("TLSv1.2", "TLSv1.3"))
        .setKeyCertOptions(KeyCertOptions.wrap(keyManager.get()));
    options.clientCa().ifPresent(ca -> serverOptions
        .setTrustOptions(new PemTrustOptions().addCertPath(ca.toString()))
        .setClientAuth(ClientAuth.REQUIRED));
    workers = vertx.createSharedWorkerExecutor("condlint-rules", Math.max(2, Runtime.getRuntime().availableProcessors()));
    server = vertx.createHttpServer(serverOptions).connectionHandler(this::accept).requestHandler(router());
    reloadTimer = vertx.setPeriodic(options.reloadInterval().toMillis(), id -> reload());
    options.managedCertificates().ifPresent(managed -> certificateTimer = vertx.setPeriodic(
        managed.checkInterval().toMillis(), id -> vertx.executeBlocking(() -> {
          reloadFile("certificate", this::keepCertificates);
          return null;
        }, false)));
    return server.listen().<Void>mapEmpty().onSuccess(v -> log.info("listening", line -> line
        .put("port", server.actualPort())
        .put("mode", options.mode().label())
        .put("clientAuth", options.clientCa().isPresent())));
  }

  /**
   * Tracks open connections so a shutdown can drain them; while draining, a new connection is closed at
   * once. Vert.x 4.5 cannot unbind the listener without closing every open connection, so refusing at
   * accept is how the server stops accepting while the requests in flight finish.
   */
  private void accept(HttpConnection connection) {
    if (draining.get()) {
      connection.close();
      return;
    }
    connections.add(connection);
    connection.closeHandler(v -> connections.remove(connection));
  }

  private Router router() {
    Router router = Router.router(vertx);
    router.route().handler(ctx -> {
      inFlight.incrementAndGet();
      ctx.addEndHandler(v -> inFlight.decrementAndGet());
      if (draining.get() && ctx.request().version() != HttpVersion.HTTP_2) {
        // HTTP/1.1 has no GOAWAY: a client that sends on a kept-alive connection while draining is
        // answered, then asked to reconnect (to another replica).
        ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
      }
      ctx.next();
    });
    router.post("/validate")
        // Sized from Content-Length (Vert.x caps it at 64 KiB) rather than grown by doubling.
        .handler(BodyHandler.create(false).setBodyLimit(options.maxBodyBytes()).setPreallocateBodyBuffer(true))
        .handler(new ValidateHandler(vertx, workers, admission::get, options.deadline(), options.inlineMaxBytes(),
            metrics, log));
    router.get("/healthz").handler(ctx -> ctx.end("ok"));
    router.get("/readyz").handler(ctx -> {
      if (ready()) {
        ctx.end("ok");
      } else {
        ctx.response().setStatusCode(503).end(draining.get() ? "shutting down" : "not ready: no valid certificate or rules");
      }
    });
    router.get("/metrics").handler(PrometheusScrapingHandler.create(metrics.registry()));
    router.route().failureHandler(ctx -> {
      int code = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
      ErrorResponses.send(ctx, code, code == 413
          ? "the body is larger than " + options.maxBodyBytes() + " bytes"
          : ctx.failure() != null ? String.valueOf(ctx.failure().getMessage()) : "request failed");
    });
    return router;
  }

  /** Re-reads the certificate and configuration files; a file that fails to load keeps the previous one. */
  private void reload() {
    vertx.executeBlocking(() -> {
      certificateFiles.ifPresent(w -> reloadFile("certificate", () ->
          w.poll(files -> applyCertificate(ServingCertificate.fromPem(files.get(0), files.get(1))))));
      configFile.ifPresent(w -> reloadFile("config", () -> w.poll(this::applyConfig)));
      return null;
    }, false);
  }

  private interface Poll {
    Optional<?> run() throws IOException;
  }

  private void reloadFile(String what, Poll poll) {
    try {
      if (poll.run().isPresent()) {
        metrics.reloaded(what, true);
      }
    } catch (IOException | RuntimeException e) {
      metrics.reloaded(what, false);
      log.error(what + " reload failed; keeping the previous one", line -> line.put("error", String.valueOf(e.getMessage())));
    }
  }

  /**
   * Stops accepting connections, sends HTTP/2 clients a GOAWAY, lets the requests in flight finish (at
   * most {@code grace}), then closes the server and Vert.x. {@code /readyz} answers 503 on the
   * connections still open, so the endpoint leaves the Service.
   */
  public Future<Void> shutdown(Duration grace) {
    draining.set(true);
    vertx.cancelTimer(reloadTimer);
    vertx.cancelTimer(certificateTimer);
    log.info("shutting down", line -> line.put("inFlight", inFlight.get()).put("connections", connections.size()));
    for (HttpConnection connection : connections) {
      try {
        // HTTP/2: GOAWAY, so the client opens no new stream here; the streams it has finish, then it closes.
        connection.shutdown(grace.toMillis(), TimeUnit.MILLISECONDS);
      } catch (UnsupportedOperationException http1) {
        // HTTP/1.1 connections close after their next response instead (Connection: close above).
      }
    }
    Promise<Void> drained = Promise.promise();
    awaitDrained(System.nanoTime() + grace.toNanos(), drained);
    Promise<Void> stopped = Promise.promise();
    drained.future()
        .compose(v -> server.close())
        .onComplete(closed -> {
          certificateKeeper.ifPresent(CertificateKeeper::close);
          closeVertx(stopped);
        });
    return stopped.future();
  }

  /**
   * Completes {@code drained} once no request is in flight or the deadline (a {@link System#nanoTime}
   * value) has passed, looking every 20 ms. One-shot timers, not a periodic one: a periodic Vert.x 4.5
   * timer armed from a non-Vert.x thread with a short delay can run before its handle is set, and
   * cancelling it from that first run throws (NullPointerException in {@code tryCancel}), so the drain
   * never ended and the shutdown hung.
   */
  private void awaitDrained(long deadline, Promise<Void> drained) {
    int left = inFlight.get();
    if (left == 0 || System.nanoTime() > deadline) {
      if (left > 0) {
        log.warn("shutdown grace period over; closing with requests in flight", line -> line.put("inFlight", left));
      }
      drained.complete();
      return;
    }
    vertx.setTimer(20, id -> awaitDrained(deadline, drained));
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
