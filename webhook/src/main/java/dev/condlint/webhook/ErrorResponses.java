package dev.condlint.webhook;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** Errors as small JSON bodies, so clients and logs see why a request was refused. */
final class ErrorResponses {
  private ErrorResponses() {}

  static void send(RoutingContext ctx, int code, String message) {
    if (ctx.response().ended()) {
      return;
    }
    ctx.response().setStatusCode(code).putHeader("content-type", "application/json")
        .end(new JsonObject().put("code", code).put("error", message).encode());
  }
}
