package dev.condlint.monitor.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code /metrics} (Prometheus text), {@code /healthz}, {@code /readyz} (503 with the reason until every
 * watched resource has listed) and {@code /stuck} (JSON) in plain HTTP on {@code --metrics-address}.
 * The answers that read the store are built on a worker thread, never on the event loop the client's
 * watches share.
 */
public final class MonitorServer {
  /** What the server serves. */
  public interface Pages {
    String metrics();

    String metricsContentType();

    /** Why the monitor is not ready; empty once it is. */
    Optional<String> notReady();

    /** The stuck objects, as JSON. */
    String stuck();
  }

  private final Vertx vertx;
  private final Pages pages;
  private HttpServer server;

  public MonitorServer(Vertx vertx, Pages pages) {
    this.vertx = vertx;
    this.pages = pages;
  }

  /** Listens on the host and port (0: any free port). */
  public Future<Void> listen(String host, int port) {
    Router router = Router.router(vertx);
    router.get("/healthz").handler(ctx -> ctx.response().putHeader("Content-Type", "text/plain; charset=utf-8")
        .end("ok\n"));
    router.get("/readyz").handler(ctx -> pages.notReady().ifPresentOrElse(
        reason -> ctx.response().setStatusCode(503).putHeader("Content-Type", "text/plain; charset=utf-8")
            .end(reason + "\n"),
        () -> ctx.response().putHeader("Content-Type", "text/plain; charset=utf-8").end("ok\n")));
    router.get("/metrics").handler(ctx -> answer(ctx, pages.metricsContentType(), pages::metrics));
    router.get("/stuck").handler(ctx -> answer(ctx, "application/json", pages::stuck));
    server = vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port)).requestHandler(router);
    return server.listen().mapEmpty();
  }

  private void answer(RoutingContext ctx, String contentType, Callable<String> body) {
    vertx.executeBlocking(body, false).onComplete(result -> {
      if (result.succeeded()) {
        ctx.response().putHeader("Content-Type", contentType).end(result.result());
      } else {
        ctx.response().setStatusCode(500).putHeader("Content-Type", "text/plain; charset=utf-8")
            .end("condlint monitor: internal error: " + result.cause() + "\n");
      }
    });
  }

  /** The port listened on (the one chosen, for port 0). */
  public int port() {
    return server.actualPort();
  }

  public Future<Void> close() {
    return server == null ? Future.succeededFuture() : server.close();
  }
}
