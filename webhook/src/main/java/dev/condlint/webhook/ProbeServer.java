package dev.condlint.webhook;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.micrometer.PrometheusScrapingHandler;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code /healthz}, {@code /readyz} and {@code /metrics} in plain HTTP on their own port. The kubelet
 * cannot present a client certificate, so probes on the admission port would fail with
 * {@code --client-ca}; Prometheus scrapes plain HTTP by default. Neither carries object contents, and
 * the admission port is left to the API server alone.
 */
final class ProbeServer {
  private final Vertx vertx;
  private final WebhookOptions options;
  private final WebhookMetrics metrics;
  private final JsonLog log;
  private HttpServer server;

  ProbeServer(Vertx vertx, WebhookOptions options, WebhookMetrics metrics, JsonLog log) {
    this.vertx = vertx;
    this.options = options;
    this.metrics = metrics;
    this.log = log;
  }

  /** Listens; {@code /readyz} answers 503 with the reason {@code notReady} gives, while it gives one. */
  Future<Void> listen(Supplier<Optional<String>> notReady) {
    Router router = Router.router(vertx);
    router.get("/healthz").handler(ctx -> ctx.end("ok"));
    router.get("/readyz").handler(ctx -> notReady.get().ifPresentOrElse(
        reason -> ctx.response().setStatusCode(503).end(reason),
        () -> ctx.end("ok")));
    router.get("/metrics").handler(PrometheusScrapingHandler.create(metrics.registry()));
    server = vertx.createHttpServer(new HttpServerOptions().setHost(options.host()).setPort(options.probePort()))
        .requestHandler(router);
    return server.listen().<Void>mapEmpty()
        .onSuccess(v -> log.info("probes listening", line -> line.put("port", server.actualPort())));
  }

  int port() {
    return server.actualPort();
  }

  Future<Void> close() {
    return server == null ? Future.succeededFuture() : server.close();
  }
}
