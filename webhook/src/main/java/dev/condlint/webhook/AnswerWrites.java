package dev.condlint.webhook;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * HTTP/2 answers that the client has not let through. An answer's DATA waits in Netty's flow controller
 * until the client's windows have room for it; a client that advertises a window of 0 (or lets it grow a
 * byte at a time with tiny WINDOW_UPDATEs) keeps every answer it was sent in the server's memory, and its
 * stream open. Before, an answer was done for the webhook once handed to Netty: a client holding 100
 * streams' answers unread on each of 512 connections held that many answers (a denial with its causes
 * is up to about 20 KB) for as long as it sent a request a minute, and its idle timeout never came.
 *
 * <p>So an answer counts until it is written: its stream is a request in progress (the connection's
 * {@link ConnectionGuard}, and the streams limit, see {@link WebhookServer#HTTP2_MAX_STREAMS_IN_PROGRESS});
 * a connection with an answer not written within {@code --read-timeout} is closed (GOAWAY
 * ENHANCE_YOUR_CALM, which drops what Netty held for it); and the answers waiting on all connections
 * together hold at most {@link #maxUnwritten(long)} bytes: past that, the connection holding the most of
 * them is closed the same way. A client that reads its answers (the API server's, whose windows are
 * megabytes) has nothing waiting beyond the moment it takes to write it; by the read timeout, the API
 * server's own timeout for the call (at most 30 s, 10 s by default) has passed or nearly.
 */
final class AnswerWrites {
  /** What an answer's HEADERS frame and Netty's bookkeeping add to its body, roughly. */
  static final long HEADERS_BYTES = 256;
  private static final String KEY = "condlint.answerWrites";
  private static final int ENHANCE_YOUR_CALM = 0xb;

  private final Vertx vertx;
  private final Duration writeTimeout;
  private final long maxUnwritten;
  private final WebhookMetrics metrics;
  private final JsonLog log;
  private final AtomicLong unwritten = new AtomicLong();
  private final Set<Connection> connections = ConcurrentHashMap.newKeySet();

  AnswerWrites(Vertx vertx, Duration writeTimeout, long maxUnwritten, WebhookMetrics metrics, JsonLog log) {
    this.vertx = vertx;
    this.writeTimeout = writeTimeout;
    this.maxUnwritten = maxUnwritten;
    this.metrics = metrics;
    this.log = log;
  }

  /**
   * The most bytes of answers that may wait for their clients' windows at once, over all connections: a
   * sixteenth of {@code --max-inflight-bytes}, at least 64 KiB (by default, with a 512Mi pod, about 6 MiB,
   * three hundred of the largest denials).
   */
  static long maxUnwritten(long maxInflightBytes) {
    return Math.max(64 * 1024, maxInflightBytes / 16);
  }

  /** The answers of one HTTP/2 connection. */
  final class Connection {
    private final HttpConnection http;
    private final ConnectionGuard guard;
    private final AtomicLong unwritten = new AtomicLong();
    private final AtomicBoolean closing = new AtomicBoolean();

    private Connection(HttpConnection http, ConnectionGuard guard) {
      this.http = http;
      this.guard = guard;
    }

    /** An answer was handed to Netty; {@code written} completes once it is written, or fails with its stream. */
    private void answered(RoutingContext ctx, Future<Void> written) {
      if (written.isComplete()) {
        return;
      }
      long bytes = ctx.response().bytesWritten() + HEADERS_BYTES;
      guard.requestStarted();
      this.unwritten.addAndGet(bytes);
      long all = AnswerWrites.this.unwritten.addAndGet(bytes);
      long timer = vertx.setTimer(Math.max(1, writeTimeout.toMillis()), id -> {
        if (!written.isComplete()) {
          close(this, "the client let no room for an answer (" + bytes + " bytes) within " + writeTimeout.toMillis()
              + " ms (HTTP/2 flow control)");
        }
      });
      written.onComplete(v -> {
        vertx.cancelTimer(timer);
        this.unwritten.addAndGet(-bytes);
        AnswerWrites.this.unwritten.addAndGet(-bytes);
        guard.requestEnded();
      });
      if (all > maxUnwritten) {
        closeTheMostUnread();
      }
    }
  }

  /** Starts counting a new HTTP/2 connection's answers. */
  Connection connection(HttpConnection http, ConnectionGuard guard) {
    Connection connection = new Connection(http, guard);
    connections.add(connection);
    return connection;
  }

  /** The connection closed: Netty failed whatever of its answers still waited, which gave their bytes back. */
  void closed(Connection connection) {
    connections.remove(connection);
  }

  /** Watches this request's answer: {@link #sent} reports it. */
  static void watch(RoutingContext ctx, Connection connection) {
    ctx.put(KEY, (Consumer<Future<Void>>) written -> connection.answered(ctx, written));
  }

  /**
   * Reports an answer just handed to Netty ({@code written} is {@code end}'s future) to the request's
   * connection, when it is watched (HTTP/2 on the admission port); returns {@code written}.
   */
  static Future<Void> sent(RoutingContext ctx, Future<Void> written) {
    Consumer<Future<Void>> watch = ctx.get(KEY);
    if (watch != null) {
      ctx.remove(KEY);
      watch.accept(written);
    }
    return written;
  }

  /** Bytes of answers waiting for their clients' windows, over all connections. */
  long unwritten() {
    return unwritten.get();
  }

  /**
   * Closes the connection holding the most unread answers, unless what the connections already closing will
   * give back brings the total within the bound (their bytes come back once Netty has failed their writes).
   */
  private void closeTheMostUnread() {
    Connection most = null;
    long givingBack = 0;
    for (Connection c : connections) {
      if (c.closing.get()) {
        givingBack += c.unwritten.get();
      } else if (most == null || c.unwritten.get() > most.unwritten.get()) {
        most = c;
      }
    }
    if (most != null && unwritten.get() - givingBack > maxUnwritten) {
      close(most, "the answers waiting unread on all connections passed " + maxUnwritten
          + " bytes, the most of them on this one");
    }
  }

  /**
   * Ends a connection whose client does not let its answers through: GOAWAY ENHANCE_YOUR_CALM, then the
   * close, which drops what Netty held for it. A stream reset alone (Vert.x's {@code reset} on an ended
   * response) left the stream's answer and its bytes where they were.
   */
  private void close(Connection connection, String why) {
    if (!connection.closing.compareAndSet(false, true)) {
      return;
    }
    long held = connection.unwritten.get();
    log.warn("connection closed", line -> line.put("reason", ConnectionGuard.Reason.UNREAD_ANSWERS.label)
        .put("unreadBytes", held).put("error", why));
    metrics.connectionClosed(ConnectionGuard.Reason.UNREAD_ANSWERS);
    connection.http.goAway(ENHANCE_YOUR_CALM);
    connection.http.close();
  }
}
