package dev.condlint.webhook;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * Reads {@code POST /validate}'s body within the {@link InflightBudget}. A body that fits is read whole
 * into a buffer of its declared size and handed to {@code whole}. One that does not fit is not kept:
 * only its first {@value #HEAD_BYTES} bytes are, enough for the review's uid and kind (the API server
 * writes them before the objects), and they go to {@code overBudget}, which answers without deciding.
 * A body that is not JSON by its content type gets 415, one over {@code --max-body-bytes} 413, and one
 * that has not arrived in full within {@code --read-timeout} of its headers 408; the rest of each is
 * read and dropped, so an HTTP/1.1 connection stays usable, except after a 408.
 */
final class BodyReader implements Handler<RoutingContext> {
  static final int HEAD_BYTES = 64 * 1024;

  private final Vertx vertx;
  private final InflightBudget budget;
  private final long maxBodyBytes;
  private final Duration readTimeout;
  private final BiConsumer<RoutingContext, Buffer> whole;
  private final BiConsumer<RoutingContext, Buffer> overBudget;

  BodyReader(Vertx vertx, InflightBudget budget, long maxBodyBytes, Duration readTimeout,
      BiConsumer<RoutingContext, Buffer> whole, BiConsumer<RoutingContext, Buffer> overBudget) {
    this.vertx = vertx;
    this.budget = budget;
    this.maxBodyBytes = maxBodyBytes;
    this.readTimeout = readTimeout;
    this.whole = whole;
    this.overBudget = overBudget;
  }

  @Override
  public void handle(RoutingContext ctx) {
    new Reading(ctx).start();
  }

  /** {@code application/json}, or a {@code +json} type, with any parameters. */
  private static boolean isJson(String contentType) {
    int semicolon = contentType.indexOf(';');
    String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    return type.equals("application/json") || type.endsWith("+json");
  }

  /** One body being read. Its handlers all run on the request's event loop. */
  private final class Reading {
    private final RoutingContext ctx;
    private final HttpServerRequest request;
    private Buffer body;
    private Buffer head;
    private long reserved;
    private boolean refused;
    private long timer = -1;

    Reading(RoutingContext ctx) {
      this.ctx = ctx;
      this.request = ctx.request();
    }

    void start() {
      ctx.addEndHandler(v -> budget.release(reserved));
      long declared = declaredLength();
      String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
      if (type != null && !isJson(type)) {
        refuse(415, "the body must be an AdmissionReview in JSON (content-type: application/json), not "
            + (type.length() > 100 ? type.substring(0, 100) + "…" : type));
      } else if (declared > maxBodyBytes) {
        refuse(413, "the body is larger than " + maxBodyBytes + " bytes");
      } else if (declared >= 0 && budget.tryReserve(declared)) {
        reserved = declared;
        body = Buffer.buffer((int) declared);
      } else if (declared >= 0) {
        head = Buffer.buffer((int) Math.min(declared, HEAD_BYTES));
      } else {
        // No Content-Length: reserved as it arrives.
        body = Buffer.buffer();
      }
      request.handler(this::chunk);
      request.exceptionHandler(e -> cancelTimer());
      request.endHandler(v -> end());
      if (!request.isEnded()) {
        timer = vertx.setTimer(readTimeout.toMillis(), id -> tooSlow());
      }
    }

    private long declaredLength() {
      String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
      try {
        return length == null ? -1 : Long.parseLong(length.trim());
      } catch (NumberFormatException e) {
        return -1;
      }
    }

    private void chunk(Buffer chunk) {
      if (refused) {
        return;
      }
      if (body != null) {
        long length = (long) body.length() + chunk.length();
        if (length > maxBodyBytes) {
          refuse(413, "the body is larger than " + maxBodyBytes + " bytes");
          return;
        }
        if (length > reserved && !budget.tryReserve(length - reserved)) {
          // Over the budget halfway through a body of unknown length: keep its head only.
          head = body.getBuffer(0, Math.min(body.length(), HEAD_BYTES));
          body = null;
          budget.release(reserved);
          reserved = 0;
        } else {
          reserved = Math.max(reserved, length);
          body.appendBuffer(chunk);
          return;
        }
      }
      int room = HEAD_BYTES - head.length();
      if (room > 0) {
        head.appendBuffer(chunk, 0, Math.min(room, chunk.length()));
      }
    }

    private void end() {
      cancelTimer();
      if (refused) {
        return;
      }
      if (body != null) {
        whole.accept(ctx, body);
      } else {
        overBudget.accept(ctx, head);
      }
    }

    private void tooSlow() {
      timer = -1;
      if (request.isEnded() || refused) {
        return;
      }
      refuse(408, "the body did not arrive within " + readTimeout.toMillis() + " ms");
      // The rest may never come: end the exchange rather than wait for it.
      if (request.version() == HttpVersion.HTTP_2) {
        ctx.response().reset(8);
      } else {
        ctx.response().close();
      }
    }

    /** Answers now and drops whatever of the body is still to come. */
    private void refuse(int code, String message) {
      refused = true;
      body = null;
      head = null;
      budget.release(reserved);
      reserved = 0;
      ctx.fail(code, new Refusal(message));
    }

    private void cancelTimer() {
      if (timer >= 0) {
        vertx.cancelTimer(timer);
        timer = -1;
      }
    }
  }

}
