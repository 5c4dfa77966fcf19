package dev.condlint.webhook;

import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.InvalidChunkExtensionException;
import io.netty.handler.codec.http.InvalidChunkTerminationException;
import io.netty.handler.codec.http.InvalidLineSeparatorException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.function.Consumer;

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

  /**
   * A request Netty's HTTP/1.1 codec could not read (a request line or headers over the limits, two
   * content-lengths, a line that is not HTTP): answered with the code Vert.x's own handler gives (414, 431,
   * else 400) and, unlike it, a JSON body naming the problem and a {@code request refused} line (without a
   * method or path: the codec read none). The connection is closed, since what follows cannot be framed.
   */
  static void invalidRequest(JsonLog log, HttpServerRequest request) {
    Throwable cause = request.decoderResult().cause();
    int code = cause instanceof TooLongHttpLineException ? 414 : cause instanceof TooLongHttpHeaderException ? 431 : 400;
    String what = code == 414 ? "the request line is too long" : code == 431 ? "the request's headers are too large"
        : "the request is not valid HTTP/1.1";
    String message = cause == null || cause.getMessage() == null ? what : what + ": " + cause.getMessage();
    log.warn("request refused", line -> line.put("code", code).put("error", message));
    HttpServerResponse response = request.response();
    response.setStatusCode(code).putHeader("content-type", "application/json")
        .end(new JsonObject().put("code", code).put("error", message).encode());
    response.close();
  }

  /**
   * What is wrong with a body whose HTTP/1.1 framing broke as it arrived (a chunk size that is not hex, a
   * chunk longer or shorter than its size, a chunk-size line or a trailer over the codec's limits, a trailer
   * that is not a header), when {@code failure} is what the HTTP/1.1 codec reported (the caller knows the
   * request is HTTP/1.x): Netty fails the request it has already handed over, and Vert.x closes the
   * connection after it. Empty for any other failure (the connection closed). Netty's words, but for a chunk
   * size that is not hex, where a parse error could quote the line the codec read (body bytes, when a client
   * sends a body unframed): the client knows what it sent, and the log must not hold it.
   */
  static Optional<String> brokenFraming(Throwable failure) {
    String what;
    if (failure instanceof NumberFormatException) {
      what = "a chunk size is not a hexadecimal number";
    } else if (failure instanceof InvalidChunkTerminationException || failure instanceof InvalidChunkExtensionException
        || failure instanceof InvalidLineSeparatorException || failure instanceof TooLongFrameException
        || failure instanceof DecoderException || failure instanceof IllegalArgumentException) {
      // IllegalArgumentException: a trailer that is not a header ("No colon found"), or one whose name is not a token.
      String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
      what = message.length() > 200 ? message.substring(0, 200) + "…" : message;
    } else {
      return Optional.empty();
    }
    return Optional.of("the body's chunked transfer coding is broken: " + what);
  }

  /**
   * The router's answers to what it does not serve, in the same words on both ports: {@code 404} for another
   * path, {@code 405} for another method ({@code serves} says what the port serves), and a failed request with
   * its code: a {@link Refusal} says what was wrong with the request; Vert.x's own refusals before routing (an
   * HTTP/1.x request without Host, a path such as {@code *} that no route can match) are named as the
   * webhook's own are; anything else is the server's own failure, named by its class only.
   */
  static void refusals(Router router, JsonLog log, String serves) {
    String notFound = "nothing here: " + serves;
    router.errorHandler(404, ctx -> refuse(log, ctx, 404, notFound));
    router.errorHandler(405, ctx -> refuse(log, ctx, 405, ctx.request().method().name() + " is not allowed: " + serves));
    router.route().failureHandler(ctx -> {
      int code = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
      refuse(log, ctx, code, failureMessage(ctx, code, notFound));
    });
  }

  private static String failureMessage(RoutingContext ctx, int code, String notFound) {
    if (ctx.failure() instanceof Refusal refusal) {
      return refusal.getMessage();
    }
    if (code == 400 && ctx.request().version() != HttpVersion.HTTP_2 && ctx.request().getHeader(HttpHeaders.HOST) == null) {
      return "the request has no Host header, which HTTP/1.1 requires";
    }
    if (code == 404 && ctx.failure() == null) {
      return notFound;
    }
    return "the request failed (" + (ctx.failure() == null ? "status " + code : ctx.failure().getClass().getSimpleName()) + ")";
  }

  /**
   * Answers a body whose HTTP/1.1 framing broke ({@link #brokenFraming}) with 400, when its request is HTTP/1.x
   * and not answered yet; true if it did. This runs inside Vert.x's handling of the codec's failure, which
   * closes the channel as soon as the handlers return ({@code VertxHandler.exceptionCaught}); what is written
   * during a read is flushed only when the read completes, and the TLS handler, closed first, wrote nothing
   * of it: the answer was lost. {@link io.vertx.core.http.HttpConnection#close()} (public API) writes an
   * empty buffer and flushes at once, the answer ahead of it, and closes once that is written; Vert.x's own
   * close that follows finds the connection closing. (hostile19 flushed with the internal
   * {@code ConnectionBase.flush}; no internal class is used now: {@code VertxInternalsTest}.)
   */
  static boolean answerBrokenFraming(RoutingContext ctx, Throwable failure, Consumer<String> refuse) {
    HttpServerRequest request = ctx.request();
    Optional<String> broken = request.version() == HttpVersion.HTTP_2 ? Optional.empty() : brokenFraming(failure);
    if (broken.isEmpty() || ctx.response().ended() || ctx.response().closed()) {
      return false;
    }
    ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
    refuse.accept(broken.get());
    request.connection().close();
    return true;
  }

  static void send(RoutingContext ctx, int code, String message) {
    if (ctx.response().ended()) {
      return;
    }
    AnswerWrites.sent(ctx, ctx.response().setStatusCode(code).putHeader("content-type", "application/json")
        .end(new JsonObject().put("code", code).put("error", message).encode()));
  }
}
