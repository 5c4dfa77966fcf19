package dev.condlint.webhook;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Reads {@code POST /validate}'s body within the {@link InflightBudget}: each chunk is held as it
 * arrives, never from the declared length, and the whole body goes to {@code whole}, which owns what it
 * holds from then on. A body that does not fit is not checked ({@link Unchecked}, 503: the cluster's
 * failurePolicy decides), and the rest of it is read and dropped. A body that is not JSON by its content
 * type, or is compressed (a content-encoding but identity), gets 415, one over {@code --max-body-bytes} 413; one whose connection sends no byte of a body
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
  private final ReadQueue queue;
  private final Predicate<RoutingContext> tooManyStreams;

  BodyReader(Vertx vertx, WebhookOptions options, Function<RoutingContext, InflightBudget.Connection> accounts,
      BiConsumer<RoutingContext, Body> whole, Unchecked unchecked, ReadQueue queue,
      Predicate<RoutingContext> tooManyStreams) {
    this.vertx = vertx;
    this.queue = queue;
    this.tooManyStreams = tooManyStreams;
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
    private long readTimer = BodyTimeouts.NONE;
    private long stallTimer = BodyTimeouts.NONE;
    private long waitTimer = BodyTimeouts.NONE;
    private ReadQueue.Ticket ticket;
    // When the body was admitted to reading, and when it must have arrived (System.nanoTime).
    private long readingSince;
    private long readDeadline;

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
      request.exceptionHandler(this::failed);
      if (type != null && !isJson(type)) {
        refuse(415, "the body must be an AdmissionReview in JSON (content-type: application/json), not "
            + (type.length() > 100 ? type.substring(0, 100) + "…" : type));
        return;
      }
      String encoding = request.getHeader(HttpHeaders.CONTENT_ENCODING);
      if (encoding != null && !encoding.isBlank() && !encoding.strip().equalsIgnoreCase("identity")) {
        // Vert.x does not decompress (nor should it: a small gzip body can hold gigabytes), and the API
        // server sends reviews uncompressed; read as JSON, a compressed body was a puzzling 400.
        refuse(415, "the body must be sent uncompressed (content-encoding: "
            + (encoding.length() > 100 ? encoding.substring(0, 100) + "…" : encoding) + "): the webhook reads JSON as it is sent");
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
        readDeadline = System.nanoTime() + readTimeout.toNanos();
        readTimer = vertx.setTimer(readTimeout.toMillis(), id -> {
          readTimer = BodyTimeouts.NONE;
          tooSlow(BodyTimeouts.notWhole(readTimeout));
        });
        if (tooManyStreams.test(ctx)) {
          notRead(Unchecked.Reason.STREAMS);
          return;
        }
        long reserved = declared >= 0 ? declared : maxBodyBytes;
        if (reserved <= ReadQueue.PREFIX_BYTES) {
          // Small enough to read at once: its first bytes are all of it.
          readingSince = System.nanoTime();
          armStall();
          return;
        }
        ticket = queue.enter(reserved, () -> context.runOnContext(v -> admitted()));
        if (ticket == null) {
          notRead(Unchecked.Reason.READING);
        } else if (ticket.reading()) {
          admitted();
        } else {
          awaitTurn(reserved);
        }
      }
    }

    /** Whether the body waits for its turn to be read (its first bytes are read meanwhile). */
    private boolean waiting() {
      return ticket != null && !ticket.reading();
    }
    /**
     * Waits for a place to read the body, until the time the body would take to arrive (at the pace
     * bodies recently arrived; at least the stall timeout, or a quarter of the read timeout if that is
     * less) would pass its read deadline; then it is not read (503).
     */
    private void awaitTurn(long reserved) {
      long need = Math.max(Math.min(stallTimeout.toNanos(), readTimeout.toNanos() / 4),
          queue.expectedReadNanos(reserved));
      long wait = readDeadline - need - System.nanoTime();
      if (wait <= 0) {
        notRead(Unchecked.Reason.READING);
        return;
      }
      waitTimer = vertx.setTimer(Math.max(1, Duration.ofNanos(wait).toMillis()), id -> {
        waitTimer = BodyTimeouts.NONE;
        if (waiting() && !refused) {
          notRead(Unchecked.Reason.READING);
        }
      });
      // Its first bytes are read meanwhile, and must come as any body's do: waiting costs a client
      // what it costs to send them.
      long prefix = Math.min(reserved, ReadQueue.PREFIX_BYTES);
      stallTimer = vertx.setTimer(stallTimeout.toMillis(), id -> {
        stallTimer = BodyTimeouts.NONE;
        if (waiting() && !refused && body.length() < prefix) {
          tooSlow("the first " + prefix + " bytes of the body did not arrive within " + stallTimeout.toMillis()
              + " ms");
        }
      });
    }

    /** The body may be read now. */
    private void admitted() {
      waitTimer = BodyTimeouts.cancel(vertx, waitTimer);
      stallTimer = BodyTimeouts.cancel(vertx, stallTimer);
      if (refused || handedOver || ctx.response().ended() || ctx.response().closed()) {
        ticket.leave(0, false);
        return;
      }
      readingSince = System.nanoTime();
      armStall();
      request.resume();
    }

    /**
     * Not read: too many wait, or its turn would come too late to read it within its read deadline
     * ({@code READING}), or its connection has too many requests in progress ({@code STREAMS}). The
     * review is not checked (503, the failurePolicy decides). Over HTTP/2 the stream is then reset (see
     * {@link #endStreamOnceWritten}); over HTTP/1.1 the connection is closed after the answer, since
     * the body is still in the way.
     */
    private void notRead(Unchecked.Reason reason) {
      refused = true;
      release();
      boolean http2 = request.version() == HttpVersion.HTTP_2;
      if (!http2) {
        ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
      }
      Future<Void> answered = unchecked.answer(ctx, reason, Optional.empty(), DecisionPath.READING);
      if (http2) {
        endStreamOnceWritten(answered);
      } else {
        answered.onComplete(v -> request.connection().close());
      }
    }

    /**
     * After an answer given before the whole body came, over HTTP/2: once the answer is written,
     * RST_STREAM NO_ERROR asks the client to stop sending the rest (RFC 9113 section 8.1: it keeps the
     * answer); what comes meanwhile is dropped. Go's client, the API server's, stops sending when the
     * answer comes and counts the stream closed, without ending it: left open here until the read
     * timeout, the stream still counted against the connection's limit of streams, the two counts
     * parted, and Netty refused the client's next streams (and ended the connection over their DATA,
     * see {@link WebhookServer#HTTP2_MAX_CONCURRENT_STREAMS}; {@code hey -h2 -c 300} once lost 165
     * requests so). Not before it is written: a reset drops the answer's frames that flow control
     * still holds, and the client lost the answer's body.
     */
    private void endStreamOnceWritten(Future<Void> answered) {
      request.resume();
      answered.onComplete(v -> {
        if (!request.isEnded()) {
          ctx.response().reset(0);
        }
      });
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
      if (waiting() && body.length() >= ReadQueue.PREFIX_BYTES) {
        // The rest waits for its turn, unread (HTTP/2: the client may send one stream window more).
        request.pause();
      }
    }

    private void end() {
      cancelTimers();
      if (refused) {
        return;
      }
      if (ticket != null) {
        ticket.leave(body.length(), true);
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
      Future<Void> answered = unchecked.answer(ctx, Unchecked.Reason.BOUND, Optional.empty(), DecisionPath.READING);
      if (request.version() == HttpVersion.HTTP_2) {
        endStreamOnceWritten(answered);
      }
    }

    /**
     * Checks for a stall when the stall timeout has passed since the connection last sent a byte (or
     * since the body was admitted to reading), and for the pace while others wait.
     */
    private void armStall() {
      long quiet = System.nanoTime() - lastProgress();
      long wait = Math.max(1, stallTimeout.minusNanos(quiet).toMillis());
      stallTimer = vertx.setTimer(wait, id -> {
        stallTimer = BodyTimeouts.NONE;
        if (System.nanoTime() - lastProgress() >= stallTimeout.toNanos()) {
          tooSlow(BodyTimeouts.stalled(stallTimeout));
        } else if (!refused && !handedOver && behindPace()) {
          tooSlow("the body arrived too slowly to be whole within " + readTimeout.toMillis()
              + " ms while other reviews waited to be read");
        } else if (!refused && !handedOver) {
          armStall();
        }
      });
    }

    private long lastProgress() {
      return Math.max(account.lastArrival(), readingSince);
    }

    /**
     * While others wait, whether less of the body has arrived than the steady pace that makes it whole
     * by its read deadline, with the stall timeout's slack: such a body gives its place to the next
     * (408). Declaring a large body and sending it slowly does not hold a place.
     */
    private boolean behindPace() {
      if (ticket == null || !queue.othersWaiting()) {
        return false;
      }
      long slack = stallTimeout.toNanos();
      long elapsed = System.nanoTime() - readingSince - slack;
      long span = readDeadline - readingSince - slack;
      if (elapsed <= 0 || span <= 0) {
        return false;
      }
      long declared = declaredLength();
      long expected = declared >= 0 ? declared : maxBodyBytes;
      return body.length() < (long) ((double) expected * Math.min(1.0, (double) elapsed / span));
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

    /** Gives back what the body held and its place in the read queue; only the read timeout still runs. */
    private void release() {
      stallTimer = BodyTimeouts.cancel(vertx, stallTimer);
      waitTimer = BodyTimeouts.cancel(vertx, waitTimer);
      if (ticket != null && !handedOver) {
        ticket.leave(body == null ? 0 : body.length(), false);
      }
      if (body != null && !handedOver) {
        body.drop();
        body.holder.close();
      }
    }

    /**
     * The request failed as its body arrived: the connection closed or the stream was reset (nothing to
     * answer), or its HTTP/1.1 framing broke ({@link ErrorResponses#brokenFraming}), which is answered 400
     * before Vert.x closes the connection (it can frame nothing after it). Either way what the body held
     * is given back.
     */
    private void failed(Throwable failure) {
      if (!refused && !handedOver) {
        ErrorResponses.answerBrokenFraming(ctx, failure, message -> refuse(400, message));
      }
      stop();
    }

    /** Gives back what the body held, and stops its timers. */
    private void stop() {
      cancelTimers();
      release();
    }

    private void cancelTimers() {
      readTimer = BodyTimeouts.cancel(vertx, readTimer);
      stallTimer = BodyTimeouts.cancel(vertx, stallTimer);
      waitTimer = BodyTimeouts.cancel(vertx, waitTimer);
    }
  }
}
