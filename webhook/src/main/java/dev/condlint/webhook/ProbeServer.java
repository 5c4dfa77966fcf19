package dev.condlint.webhook;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.micrometer.PrometheusScrapingHandler;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * {@code /healthz}, {@code /readyz} and {@code /metrics} in plain HTTP on their own port. The kubelet
 * cannot present a client certificate, so probes on the admission port would fail with
 * {@code --client-ca}; Prometheus scrapes plain HTTP by default. Neither carries object contents, and
 * the admission port is left to the API server alone.
 *
 * <p>The port is guarded as the admission port is: a connection that has not sent a whole request's
 * headers within {@code --read-timeout}, or has had no request in progress for {@code --idle-timeout},
 * is closed ({@link ConnectionGuard}); a request body (the probes take none) is read and dropped, up to
 * {@value #MAX_BODY_BYTES} bytes, and must arrive whole within {@code --read-timeout} with no gap of
 * {@code --body-stall-timeout}, or the exchange is ended with 408; and at most {@code
 * --max-connections} connections are open at once. What it does not serve (another path or method, a
 * request its codec cannot read, a body whose chunk coding breaks) is refused as on the admission port, with a
 * JSON error and a {@code request refused} line ({@link ErrorResponses}).
 */
final class ProbeServer {
  /** The most bytes of body a probe request may send; the probes read none. */
  static final int MAX_BODY_BYTES = 4096;
  private static final String HEALTHZ = "/healthz";
  private static final String READYZ = "/readyz";
  private static final String METRICS = "/metrics";
  // The paths of the routes below, each a GET: the route label of vertx_http_server_requests_total.
  private static final Set<String> ROUTES = Set.of(HEALTHZ, READYZ, METRICS);

  private final Vertx vertx;
  private final WebhookOptions options;
  private final WebhookMetrics metrics;
  private final JsonLog log;
  private final Map<HttpConnection, ConnectionGuard> connections = new ConcurrentHashMap<>();
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
    router.route().handler(this::guarded);
    router.get(HEALTHZ).handler(ctx -> ctx.end("ok"));
    router.get(READYZ).handler(ctx -> notReady.get().ifPresentOrElse(
        reason -> ctx.response().setStatusCode(503).end(reason),
        () -> ctx.end("ok")));
    router.get(METRICS).handler(PrometheusScrapingHandler.create(metrics.registry()));
    ErrorResponses.refusals(router, log, "the probe port serves GET /healthz, /readyz and /metrics");
    // HTTP/1.1 only: the kubelet and Prometheus need no more, and a cleartext HTTP/2 server waits for a
    // connection's first bytes before it hands it over, so an idle one would never be guarded.
    server = vertx.createHttpServer(new HttpServerOptions().setHost(options.host()).setPort(options.probePort())
            .setHttp2ClearTextEnabled(false))
        .connectionHandler(this::accept)
        .invalidRequestHandler(request -> ErrorResponses.invalidRequest(log, request))
        .requestHandler(router);
    return server.listen().<Void>mapEmpty()
        .onSuccess(v -> log.info("probes listening", line -> line.put("port", server.actualPort())));
  }

  private void accept(HttpConnection connection) {
    if (connections.size() >= options.maxConnections()) {
      metrics.connectionRefused("probes");
      connection.close();
      return;
    }
    connections.put(connection, new ConnectionGuard(vertx, connection, options.readTimeout(), options.idleTimeout(),
        metrics::connectionClosed));
    connection.closeHandler(v -> {
      ConnectionGuard guard = connections.remove(connection);
      if (guard != null) {
        guard.stop();
      }
    });
  }

  /** Keeps the connection's guard informed, and reads any body within the limits before routing on. */
  private void guarded(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    WebhookMetrics.HttpRequest meter = metrics.httpRequest(request.method().name());
    ConnectionGuard guard = connections.get(request.connection());
    if (guard != null) {
      guard.requestStarted();
    }
    ctx.addEndHandler(v -> {
      meter.ended(v.succeeded(), ctx.response().getStatusCode(),
          request.method() == HttpMethod.GET && ROUTES.contains(request.path()) ? request.path() : "");
      if (guard != null) {
        guard.requestEnded();
      }
    });
    if (request.isEnded()) {
      ctx.next();
      return;
    }
    new Draining(ctx).start();
  }

  /** A body nobody reads, dropped as it arrives; routed on once it has ended. */
  private final class Draining {
    private final RoutingContext ctx;
    private long received;
    private boolean over;
    private long readTimer = BodyTimeouts.NONE;
    private long stallTimer = BodyTimeouts.NONE;

    Draining(RoutingContext ctx) {
      this.ctx = ctx;
    }

    void start() {
      HttpServerRequest request = ctx.request();
      request.handler(chunk -> {
        if (over) {
          return;
        }
        received += chunk.length();
        if (received > MAX_BODY_BYTES) {
          end(413, "the probes take no body; this one is over " + MAX_BODY_BYTES + " bytes");
        } else {
          armStall();
        }
      });
      request.endHandler(v -> {
        if (!over) {
          cancelTimers();
          ctx.next();
        }
      });
      request.exceptionHandler(failure -> {
        if (!over && ErrorResponses.answerBrokenFraming(ctx, failure, message -> ErrorResponses.refuse(log, ctx, 400, message))) {
          over = true;
        }
        cancelTimers();
      });
      readTimer = vertx.setTimer(options.readTimeout().toMillis(), id -> {
        readTimer = BodyTimeouts.NONE;
        end(408, BodyTimeouts.notWhole(options.readTimeout()));
      });
      armStall();
    }

    private void armStall() {
      BodyTimeouts.cancel(vertx, stallTimer);
      stallTimer = vertx.setTimer(options.bodyStallTimeout().toMillis(), id -> {
        stallTimer = BodyTimeouts.NONE;
        end(408, BodyTimeouts.stalled(options.bodyStallTimeout()));
      });
    }

    /** Answers, then ends the exchange: the rest of the body is not worth waiting for. */
    private void end(int code, String message) {
      if (over) {
        return;
      }
      over = true;
      cancelTimers();
      ErrorResponses.refuse(log, ctx, code, message);
      if (ctx.request().version() == HttpVersion.HTTP_2) {
        ctx.response().reset(8);
      } else {
        ctx.response().close();
      }
    }

    private void cancelTimers() {
      readTimer = BodyTimeouts.cancel(vertx, readTimer);
      stallTimer = BodyTimeouts.cancel(vertx, stallTimer);
    }
  }

  int port() {
    return server.actualPort();
  }

  Future<Void> close() {
    return server == null ? Future.succeededFuture() : server.close();
  }
}
