package dev.condlint.webhook;

import io.micrometer.core.instrument.Counter;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The admission server: {@code POST /validate} over HTTPS ({@link TlsPolicy}, HTTP/2 and HTTP/1.1), the
 * connections it tracks, and the drain that ends it.
 *
 * <p>It serves on {@code --event-loops} event loops: one {@link HttpServer} per loop, each started by an
 * instance of one verticle (Vert.x gives each instance an event loop of its own), all listening on the
 * same port; Vert.x binds the port once and hands each accepted connection to the next loop in turn. A
 * connection stays on its loop, and so do its requests, their timers and their decisions. What is one
 * per port stays one across the loops: the connections tracked (and their bound, {@code
 * --max-connections}), the {@link InflightBudget}, the {@link ReadQueue}, the requests in flight, the
 * drain, the metrics, the serving certificate (one key manager, which every server's TLS asks).
 */
final class WebhookServer {
  /**
   * HTTP/2 flow control: how much a client may send on one stream before it waits for the server to say
   * it has read it. The protocol's 64 KiB made large reviews on a shared connection wait for a round
   * trip every 32 KiB (p99 four times HTTP/1.1's); 1 MiB did not, but a stream waiting unread in the
   * {@link ReadQueue} keeps what it was let send unread, so the window is also what each waiting request
   * holds beyond the in-flight bound ({@code --max-waiting} of them at most).
   */
  static final int HTTP2_STREAM_WINDOW = 256 * 1024;
  /**
   * SETTINGS_MAX_CONCURRENT_STREAMS: the streams a client may have open on one connection once it has
   * read the server's SETTINGS (RFC 9113 section 5.1.2). 100, as before (Vert.x's default) and as Go's
   * client, the API server's, assumes until it has read them. It is sent in a second SETTINGS frame;
   * the preface's says "no limit" (2^31-1), the protocol's own initial value (section 6.5.2). Netty
   * enforces a limit from the preface at once, before the client can have read it (a client may send
   * requests right after its own preface, section 3.4): the streams past it got RST_STREAM
   * REFUSED_STREAM, and the DATA the client had already sent on them then made Netty end the whole
   * connection with GOAWAY PROTOCOL_ERROR (a refused stream's id is not recorded as used,
   * netty/netty#12065), losing every request on it (Go's client did this, as {@code hey -h2 -c 150}
   * runs it). A limit from a later SETTINGS applies from the client's acknowledgement, after which a
   * client that keeps to the protocol opens no stream past it; until then
   * {@link #HTTP2_MAX_STREAMS_IN_PROGRESS} bounds what a connection holds.
   */
  static final int HTTP2_MAX_CONCURRENT_STREAMS = 100;
  /**
   * The most requests one connection may have in progress at once; another is answered 503, not
   * checked (the failurePolicy decides), and its stream reset once the answer is written. This bounds the
   * streams of a client that opens many before it has read {@link #HTTP2_MAX_CONCURRENT_STREAMS}, or
   * that never acknowledges it: Netty holds no client to that limit before its acknowledgement.
   */
  static final int HTTP2_MAX_STREAMS_IN_PROGRESS = 2 * HTTP2_MAX_CONCURRENT_STREAMS;
  /**
   * SETTINGS_MAX_HEADER_LIST_SIZE: a stream whose decoded header list is larger gets 431; Netty ends the
   * connection when a header block passes a quarter more (10,240 bytes), before buffering the rest.
   */
  static final int HTTP2_MAX_HEADER_LIST_SIZE = 8192;
  /** Resets received (rapid reset), and resets sent but NO_ERROR and CANCEL, in a window: then GOAWAY. */
  static final int HTTP2_MAX_RESETS_PER_WINDOW = 200;
  static final int HTTP2_RESET_WINDOW_SECONDS = 30;
  /** Consecutive small CONTINUATION frames of one header block: then GOAWAY (a CONTINUATION flood). */
  static final int HTTP2_MAX_SMALL_CONTINUATION_FRAMES = 16;
  /**
   * The port to listen on for {@code --port 0}: Vert.x shares a port between servers only when it is
   * named, or negative (a free port chosen once for all the servers that give the same negative number);
   * with 0, each server would bind a free port of its own.
   */
  private static final int SHARED_FREE_PORT = -1;
  private static final String VALIDATE = "/validate";

  /**
   * The connection's window, over all its streams: room for every request that may wait unread with its
   * stream's window full ({@code --max-waiting}), and 4 MiB more for the bodies being read. With less,
   * the unread bytes of the waiting streams used the whole window, the bodies admitted to reading could
   * not arrive, and all of them timed out.
   */
  static int http2ConnectionWindow(int maxWaiting) {
    return (int) Math.min(Integer.MAX_VALUE, (long) maxWaiting * HTTP2_STREAM_WINDOW + 4L * 1024 * 1024);
  }

  private static final byte[] PING = "condlint".getBytes(StandardCharsets.US_ASCII);
  // A client that does not answer the PING by then gets the final GOAWAY anyway.
  private static final Duration PING_WAIT = Duration.ofSeconds(1);

  private final Vertx vertx;
  private final WebhookOptions options;
  private final WebhookMetrics metrics;
  private final JsonLog log;
  private final AtomicBoolean draining = new AtomicBoolean();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final Map<HttpConnection, Tracked> connections = new ConcurrentHashMap<>();
  // The connections open, counted apart from the map so that the loops, accepting at once, keep the bound.
  private final AtomicInteger open = new AtomicInteger();
  private final InflightBudget budget;
  // One per event loop; the first to listen binds the port.
  private final List<HttpServer> servers = new CopyOnWriteArrayList<>();
  // The SETTINGS each HTTP/2 connection is sent once it opens: the preface's, and the stream limit.
  private Http2Settings streamLimit;

  /**
   * An open connection: its guard against slow and idle clients, what its requests hold, and its answers
   * waiting for the client's flow control (HTTP/2; null for HTTP/1.1).
   */
  private record Tracked(ConnectionGuard guard, InflightBudget.Connection account, AnswerWrites.Connection answers) {}

  private final AnswerWrites answerWrites;

  WebhookServer(Vertx vertx, WebhookOptions options, InflightBudget budget, WebhookMetrics metrics, JsonLog log) {
    this.vertx = vertx;
    this.options = options;
    this.budget = budget;
    this.metrics = metrics;
    this.log = log;
    this.answerWrites = new AnswerWrites(vertx, options.readTimeout(), AnswerWrites.maxUnwritten(options.maxInflightBytes()),
        metrics, log);
  }

  /** What the requests of this request's connection hold. */
  InflightBudget.Connection account(RoutingContext ctx) {
    Tracked tracked = connections.get(ctx.request().connection());
    // A connection that closed while its request was routed: an account of its own, soon gone.
    return tracked == null ? budget.connection() : tracked.account();
  }

  /**
   * Whether this request's connection has more requests in progress than it may
   * ({@link #HTTP2_MAX_STREAMS_IN_PROGRESS}), this one included.
   */
  boolean tooManyStreams(RoutingContext ctx) {
    Tracked tracked = connections.get(ctx.request().connection());
    return tracked != null && tracked.guard().inProgress() > HTTP2_MAX_STREAMS_IN_PROGRESS;
  }

  /**
   * Listens on {@code --event-loops} event loops with this key manager, sending {@code POST /validate} to
   * {@code validate}.
   */
  Future<Void> listen(KeyCertOptions keyManager, Handler<RoutingContext> validate) {
    HttpServerOptions serverOptions = TlsPolicy.apply(new HttpServerOptions())
        .setHost(options.host())
        .setPort(options.port() == 0 ? SHARED_FREE_PORT : options.port())
        .setSsl(true)
        .setUseAlpn(true)
        .setKeyCertOptions(keyManager)
        .setHttp2ConnectionWindowSize(http2ConnectionWindow(options.maxWaiting()))
        // The guards against HTTP/2 abuse, named rather than left to Vert.x's defaults (the same values in
        // 4.5.32), so that an upgrade cannot lift them unseen (Http2AbuseTest; webhook.md, "HTTP/2 abuse").
        .setHttp2RstFloodMaxRstFramePerWindow(HTTP2_MAX_RESETS_PER_WINDOW)
        .setHttp2RstFloodWindowDuration(HTTP2_RESET_WINDOW_SECONDS)
        .setHttp2RstFloodWindowDurationTimeUnit(TimeUnit.SECONDS)
        .setHttp2MaxSmallContinuationFrames(HTTP2_MAX_SMALL_CONTINUATION_FRAMES);
    // No stream limit in the preface, then HTTP2_MAX_CONCURRENT_STREAMS (see there).
    serverOptions.getInitialSettings().setInitialWindowSize(HTTP2_STREAM_WINDOW)
        .setMaxConcurrentStreams(Integer.MAX_VALUE)
        .setMaxHeaderListSize(HTTP2_MAX_HEADER_LIST_SIZE);
    streamLimit = new Http2Settings(serverOptions.getInitialSettings())
        .setMaxConcurrentStreams(HTTP2_MAX_CONCURRENT_STREAMS);
    options.clientCa().ifPresent(ca -> serverOptions
        .setTrustOptions(new PemTrustOptions().addCertPath(ca.toString()))
        .setClientAuth(ClientAuth.REQUIRED));
    return vertx.deployVerticle(() -> new AbstractVerticle() {
          @Override
          public void start(Promise<Void> started) {
            // On this instance's event loop: the thread that serves every connection it is handed.
            Counter served = metrics.eventLoop(Thread.currentThread().getName());
            HttpServer server = vertx.createHttpServer(serverOptions).connectionHandler(WebhookServer.this::accept)
                .invalidRequestHandler(request -> ErrorResponses.invalidRequest(log, request))
                .requestHandler(router(validate, served));
            server.listen().<Void>mapEmpty().onSuccess(v -> servers.add(server)).onComplete(started);
          }
        }, new DeploymentOptions().setInstances(options.eventLoops()))
        .<Void>mapEmpty()
        .onSuccess(v -> log.info("listening", line -> line
            .put("port", port())
            .put("mode", options.mode().label())
            .put("clientAuth", options.clientCa().isPresent())
            .put("eventLoops", servers.size())));
  }

  int port() {
    return servers.get(0).actualPort();
  }

  /** Requests started and not yet answered. */
  int inFlight() {
    return inFlight.get();
  }

  boolean draining() {
    return draining.get();
  }

  /**
   * Tracks open connections so a shutdown can drain them, and guards each against slow or idle
   * clients; while draining, a new connection is closed at once. Vert.x 4.5 cannot unbind the listener
   * without closing every open connection, so refusing at accept is how the server stops accepting
   * while the requests in flight finish.
   */
  private void accept(HttpConnection connection) {
    if (draining.get()) {
      connection.close();
      return;
    }
    if (open.incrementAndGet() > options.maxConnections()) {
      // Each connection holds buffers of its own (TLS, the HTTP codecs): their number is bounded.
      open.decrementAndGet();
      metrics.connectionRefused("admission");
      connection.close();
      return;
    }
    ConnectionGuard guard = new ConnectionGuard(vertx, connection, options.readTimeout(), options.idleTimeout(),
        metrics::connectionClosed);
    AnswerWrites.Connection answers = null;
    try {
      // Called as the client's preface is read, before any of its requests.
      Future<Void> acknowledged = connection.updateSettings(streamLimit);
      answers = answerWrites.connection(connection, guard);
      awaitAcknowledgement(connection, acknowledged);
    } catch (UnsupportedOperationException http1) {
      // HTTP/1.1 has no SETTINGS, and one request at a time.
    }
    connections.put(connection, new Tracked(guard, budget.connection(), answers));
    connection.closeHandler(v -> {
      open.decrementAndGet();
      Tracked tracked = connections.remove(connection);
      if (tracked != null) {
        tracked.guard().stop();
        if (tracked.answers() != null) {
          answerWrites.closed(tracked.answers());
        }
      }
    });
  }

  /**
   * Closes an HTTP/2 connection whose client has not acknowledged the server's SETTINGS (the stream limit)
   * within {@code --read-timeout}: GOAWAY SETTINGS_TIMEOUT, as RFC 9113 section 6.5.3 allows. Until the
   * acknowledgement Netty holds the client to no stream limit, only condlint's
   * {@link #HTTP2_MAX_STREAMS_IN_PROGRESS}; a client that never acknowledged could open streams as fast as it
   * liked, each past that bound costing a 503 and a log line, until a reset guard ended the connection.
   */
  private void awaitAcknowledgement(HttpConnection connection, Future<Void> acknowledged) {
    long wait = Math.max(1, options.readTimeout().toMillis());
    long timer = vertx.setTimer(wait, id -> {
      if (!acknowledged.isComplete()) {
        log.warn("connection closed", line -> line.put("reason", ConnectionGuard.Reason.SETTINGS_TIMEOUT.label)
            .put("error", "the client did not acknowledge the server's SETTINGS within " + wait + " ms"));
        metrics.connectionClosed(ConnectionGuard.Reason.SETTINGS_TIMEOUT);
        connection.goAway(SETTINGS_TIMEOUT);
        connection.close();
      }
    });
    acknowledged.onComplete(v -> vertx.cancelTimer(timer));
  }

  private static final int SETTINGS_TIMEOUT = 0x4;

  /** The router of one event loop's server; {@code served} counts the requests it routes. */
  private Router router(Handler<RoutingContext> validate, Counter served) {
    Router router = Router.router(vertx);
    router.route().handler(ctx -> {
      RequestTrace.head(ctx);
      served.increment();
      inFlight.incrementAndGet();
      WebhookMetrics.HttpRequest meter = metrics.httpRequest(ctx.request().method().name());
      Tracked tracked = connections.get(ctx.request().connection());
      ConnectionGuard guard = tracked == null ? null : tracked.guard();
      if (guard != null) {
        guard.requestStarted();
      }
      if (tracked != null && tracked.answers() != null) {
        AnswerWrites.watch(ctx, tracked.answers());
      }
      ctx.addEndHandler(v -> {
        meter.ended(v.succeeded(), ctx.response().getStatusCode(), route(ctx));
        inFlight.decrementAndGet();
        if (guard != null) {
          guard.requestEnded();
        }
      });
      if (draining.get() && ctx.request().version() != HttpVersion.HTTP_2) {
        // HTTP/1.1 has no GOAWAY: a client that sends on a kept-alive connection while draining is
        // answered, then asked to reconnect (to another replica).
        ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
      }
      ctx.next();
    });
    router.post(VALIDATE).handler(validate);
    ErrorResponses.refusals(router, log, SERVES);
    return router;
  }

  private static final String SERVES = "the webhook serves POST /validate";

  /** The path of the route that served the request, as Vert.x labelled it: the one route, or none. */
  private static String route(RoutingContext ctx) {
    return ctx.request().method() == HttpMethod.POST && VALIDATE.equals(ctx.request().path()) ? VALIDATE : "";
  }

  /**
   * Stops accepting connections and ends each open one once it has nothing left to answer, then closes
   * the server; after {@code grace} it closes whatever is still open. An HTTP/1.1 connection answers
   * what it is sent with {@code Connection: close}, and once no request is in flight, an idle one is
   * closed after flushing. An HTTP/2 connection is ended as RFC 9113 (section 6.8) describes, see
   * {@link #goAway}. Closing the server any earlier would cut off answers already decided.
   */
  Future<Void> drain(Duration grace) {
    draining.set(true);
    log.info("shutting down", line -> line.put("inFlight", inFlight.get()).put("connections", connections.size()));
    Set<HttpConnection> http1 = new HashSet<>();
    for (HttpConnection connection : connections.keySet()) {
      try {
        goAway(connection, grace);
      } catch (UnsupportedOperationException e) {
        // HTTP/1.1 has no GOAWAY.
        http1.add(connection);
      }
    }
    Promise<Void> drained = Promise.promise();
    awaitDrained(System.nanoTime() + grace.toNanos(), http1, drained);
    return drained.future().compose(v -> Future.join(servers.stream().map(HttpServer::close).toList()))
        .mapEmpty();
  }

  /**
   * Ends an HTTP/2 connection without refusing a stream the client sent in good faith. A first GOAWAY
   * names the largest stream id: open no new stream, but the ones on their way are welcome. A PING
   * follows; its answer comes after every stream the client opened before it read that GOAWAY. Then
   * the second GOAWAY names the last stream really accepted, and the connection closes itself once
   * each accepted stream is answered and its last bytes written (flow control can hold them back long
   * after the response ended). A GOAWAY naming the last stream at once refused the streams in flight,
   * and a client that had sent their bodies could not retry them.
   */
  private void goAway(HttpConnection connection, Duration grace) {
    connection.goAway(0, Integer.MAX_VALUE);
    connection.ping(Buffer.buffer(PING))
        .timeout(PING_WAIT.toMillis(), TimeUnit.MILLISECONDS)
        .onComplete(answered -> {
          connection.goAway(0, -1);
          connection.shutdown(grace.toMillis(), TimeUnit.MILLISECONDS);
        });
  }

  /**
   * Completes {@code drained} once every connection has closed or the deadline (a {@link System#nanoTime}
   * value) has passed, looking every 20 ms. One-shot timers, not a periodic one: a periodic Vert.x 4.5
   * timer armed from a non-Vert.x thread with a short delay can run before its handle is set, and
   * cancelling it from that first run throws (NullPointerException in {@code tryCancel}), so the drain
   * never ended and the shutdown hung.
   */
  private void awaitDrained(long deadline, Set<HttpConnection> http1, Promise<Void> drained) {
    if (inFlight.get() == 0) {
      http1.forEach(HttpConnection::close);
      http1.clear();
    }
    if (connections.isEmpty() || System.nanoTime() > deadline) {
      if (!connections.isEmpty()) {
        int requests = inFlight.get();
        int open = connections.size();
        log.warn("shutdown grace period over; closing with requests in flight",
            line -> line.put("inFlight", requests).put("connections", open));
      }
      drained.complete();
      return;
    }
    vertx.setTimer(20, id -> awaitDrained(deadline, http1, drained));
  }
}
