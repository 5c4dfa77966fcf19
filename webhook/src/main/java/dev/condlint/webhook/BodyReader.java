package dev.condlint.webhook;

import io.vertx.core.Context;
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
import java.util.function.Function;

/**
 * Reads {@code POST /validate}'s body within the {@link InflightBudget}: each chunk is held as it
 * arrives, never from the declared length, and the whole body goes to {@code whole}, which owns what it
 * holds from then on. A body that does not fit is not checked ({@link Unchecked}, 503: the cluster's
 * failurePolicy decides), and the rest of it is read and dropped. A body that is not JSON by its content
 * type gets 415, one over {@code --max-body-bytes} 413; one whose connection sends no byte of a body
 * for {@code --body-stall-timeout}, or not whole within {@code --read-timeout} of its headers, gets 408
 * and gives back what it held, and its stream (HTTP/2) or connection (HTTP/1.1) is ended, since the rest
 * may never come. A stall is judged by the connection, not the stream: an HTTP/2 client that sends other
 * streams first has not stopped, and keeping a stream alive by sending on another costs as much as
 * sending on it.
 */
final class BodyReader implements Handler<RoutingContext> {
  private final Vertx vertx;
  private final long maxBodyBytes;
  private final Duration readTimeout;
  private final Duration stallTimeout;
  private final Function<RoutingContext, InflightBudget.Connection> accounts;
  private final BiConsumer<RoutingContext, Body> whole;
  private final Unchecked unchecked;

  BodyReader(Vertx vertx, WebhookOptions options, Function<RoutingContext, InflightBudget.Connection> accounts,
      BiConsumer<RoutingContext, Body> whole, Unchecked unchecked) {
    this.vertx = vertx;
    this.maxBodyBytes = options.maxBodyBytes();
    this.readTimeout = options.readTimeout();
    this.stallTimeout = options.bodyStallTimeout();
    this.accounts = accounts;
    this.whole = whole;
    this.unchecked = unchecked;
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
    private final Context context;
    private Body body;
    private InflightBudget.Connection account;
    private boolean refused;
    private boolean handedOver;
    private long readTimer = -1;
    private long stallTimer = -1;

    Reading(RoutingContext ctx) {
      this.ctx = ctx;
      this.request = ctx.request();
      this.context = vertx.getOrCreateContext();
    }

    void start() {
      String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
      long declared = declaredLength();
      request.handler(this::chunk);
      request.endHandler(v -> end());
      request.exceptionHandler(e -> stop());
      if (type != null && !isJson(type)) {
        refuse(415, "the body must be an AdmissionReview in JSON (content-type: application/json), not "
            + (type.length() > 100 ? type.substring(0, 100) + "…" : type));
        return;
      }
      if (declared > maxBodyBytes) {
        refuse(413, "the body is larger than " + maxBodyBytes + " bytes");
        return;
      }
      account = accounts.apply(ctx);
      body = new Body(account.open(() -> context.runOnContext(v -> evicted())));
      // The answer is out (a refusal, or the request is done): give back what the body held.
      ctx.addEndHandler(v -> {
        if (!handedOver) {
          release();
        }
      });
      if (!request.isEnded()) {
        readTimer = vertx.setTimer(readTimeout.toMillis(), id -> {
          readTimer = -1;
          tooSlow("the body did not arrive within " + readTimeout.toMillis() + " ms");
        });
        account.arrived();
        armStall();
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
      if (body.length() + chunk.length() > maxBodyBytes) {
        refuse(413, "the body is larger than " + maxBodyBytes + " bytes");
        return;
      }
      if (!body.holder.grow(chunk.length() + (long) Body.CHUNK_OVERHEAD)) {
        notChecked();
        return;
      }
      body.add(chunk);
      account.arrived();
    }

    private void end() {
      cancelTimers();
      if (refused) {
        return;
      }
      handedOver = true;
      whole.accept(ctx, body);
    }

    /** Another connection needed the room this body held (see {@link InflightBudget}). */
    private void evicted() {
      if (!refused && !handedOver) {
        notChecked();
      }
    }

    private void notChecked() {
      refused = true;
      release();
      unchecked.answer(ctx, Unchecked.Reason.BOUND, java.util.Optional.empty(), DecisionPath.READING);
    }

    /** Checks for a stall when the stall timeout has passed since the connection last sent a byte. */
    private void armStall() {
      long quiet = System.nanoTime() - account.lastArrival();
      long wait = Math.max(1, stallTimeout.minusNanos(quiet).toMillis());
      stallTimer = vertx.setTimer(wait, id -> {
        stallTimer = -1;
        if (System.nanoTime() - account.lastArrival() >= stallTimeout.toNanos()) {
          tooSlow("no byte of the body arrived for " + stallTimeout.toMillis() + " ms");
        } else if (!refused && !handedOver) {
          armStall();
        }
      });
    }

    private void tooSlow(String why) {
      if (request.isEnded()) {
        return;
      }
      if (!refused) {
        refuse(408, why);
      }
      // The rest may never come: end the exchange rather than wait for it.
      if (request.version() == HttpVersion.HTTP_2) {
        ctx.response().reset(8);
      } else {
        ctx.response().close();
      }
    }

    /**
     * Answers now and drops whatever of the body is still to come; the read timeout still ends an
     * exchange whose body never does.
     */
    private void refuse(int code, String message) {
      refused = true;
      release();
      ctx.fail(code, new Refusal(message));
    }

    /** Gives back what the body held; only the read timeout still runs. */
    private void release() {
      if (stallTimer >= 0) {
        vertx.cancelTimer(stallTimer);
        stallTimer = -1;
      }
      if (body != null && !handedOver) {
        body.drop();
        body.holder.close();
      }
    }

    /** Gives back what the body held, and stops its timers. */
    private void stop() {
      cancelTimers();
      release();
    }

    private void cancelTimers() {
      if (readTimer >= 0) {
        vertx.cancelTimer(readTimer);
        readTimer = -1;
      }
      if (stallTimer >= 0) {
        vertx.cancelTimer(stallTimer);
        stallTimer = -1;
      }
    }
  }
}
