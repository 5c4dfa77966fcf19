package dev.condlint.webhook;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * Errors as small JSON bodies, so clients see why a request was refused, each with a warn log line
 * that says what was refused and why, and never what the body held.
 */
final class ErrorResponses {
  // The request's path is the client's to choose: enough of it to recognise, no more.
  private static final int LOGGED_PATH_CHARS = 200;

  private ErrorResponses() {}

  /** Logs a refusal ({@code request refused}, with the code, method and path) and answers it. */
  static void refuse(JsonLog log, RoutingContext ctx, int code, String message) {
    String path = ctx.request().path();
    log.warn("request refused", line -> line
        .put("code", code)
        .put("method", ctx.request().method().name())
        .put("requestPath", path.length() > LOGGED_PATH_CHARS ? path.substring(0, LOGGED_PATH_CHARS) + "…" : path)
        .put("error", message));
    send(ctx, code, message);
  }

  static void send(RoutingContext ctx, int code, String message) {
    if (ctx.response().ended()) {
      return;
    }
    ctx.response().setStatusCode(code).putHeader("content-type", "application/json")
        .end(new JsonObject().put("code", code).put("error", message).encode());
  }
}
