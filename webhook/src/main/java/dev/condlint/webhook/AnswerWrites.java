package dev.condlint.webhook;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
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
  private final AtomicLong timersSet = new AtomicLong();

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

  /**
   * The answers of one HTTP/2 connection. Most answers are not written at the moment they are handed to
   * Netty (the write completes a moment later, on the event loop), so a timer per answer meant a timer set
   * and cancelled for nearly every review. Instead the connection keeps its unwritten answers in the order
   * they were handed over and has at most one timer, the sweep, armed when an answer is handed over and none
   * is: when it fires, a connection whose oldest unwritten answer has waited {@code writeTimeout} is closed;
   * otherwise the sweep is armed again for when the oldest would have waited that long, or not at all when
   * nothing waits. A connection whose answers are written as they go sets one timer per {@code writeTimeout}
   * at most, whatever the number of answers; the close comes when it came before, at the oldest unwritten
   * answer's handover plus {@code writeTimeout}.
   */
  final class Connection {
    private final HttpConnection http;
    private final ConnectionGuard guard;
    private final AtomicLong unwritten = new AtomicLong();
    private final AtomicBoolean closing = new AtomicBoolean();
    // The answers not written yet, oldest first; guarded by this.
    private final Set<Waiting> waiting = new LinkedHashSet<>();
    // The sweep's timer, or -1; guarded by this.
    private long sweep = -1;

    private Connection(HttpConnection http, ConnectionGuard guard) {
      this.http = http;
      this.guard = guard;
    }

    /** An answer was handed to Netty; {@code written} completes once it is written, or fails with its stream. */
    private void answered(RoutingContext ctx, Future<Void> written) {
      answered(ctx.response().bytesWritten() + HEADERS_BYTES, written);
    }

    /** An answer of {@code bytes} (its body and {@link #HEADERS_BYTES}) was handed to Netty. */
    void answered(long bytes, Future<Void> written) {
      if (written.isComplete()) {
        return;
      }
      guard.requestStarted();
      this.unwritten.addAndGet(bytes);
      long all = AnswerWrites.this.unwritten.addAndGet(bytes);
      Waiting answer = new Waiting(bytes, System.nanoTime());
      synchronized (this) {
        waiting.add(answer);
        if (sweep < 0 && !closing.get()) {
          sweep = setTimer(writeTimeout.toMillis());
        }
      }
      written.onComplete(v -> {
        synchronized (this) {
          waiting.remove(answer);
        }
        this.unwritten.addAndGet(-bytes);
        AnswerWrites.this.unwritten.addAndGet(-bytes);
        guard.requestEnded();
      });
      if (all > maxUnwritten) {
        closeTheMostUnread();
      }
    }

    private long setTimer(long millis) {
      timersSet.incrementAndGet();
      return vertx.setTimer(Math.max(1, millis), this::sweep);
    }

    /** The sweep: closes the connection if its oldest unwritten answer has waited too long, else re-arms. */
    private void sweep(long id) {
      Waiting oldest;
      synchronized (this) {
        if (sweep != id) {
          return;
        }
        sweep = -1;
        if (waiting.isEmpty() || closing.get()) {
          return;
        }
        oldest = waiting.iterator().next();
        long left = oldest.since + writeTimeout.toNanos() - System.nanoTime();
        if (left > 0) {
          sweep = setTimer(TimeUnit.NANOSECONDS.toMillis(left + 999_999));
          return;
        }
      }
      close(this, "the client let no room for an answer (" + oldest.bytes + " bytes) within " + writeTimeout.toMillis()
          + " ms (HTTP/2 flow control)");
    }

    /** The connection closed: its sweep stops. */
    private synchronized void stop() {
      if (sweep >= 0) {
        vertx.cancelTimer(sweep);
        sweep = -1;
      }
    }
  }

  /** An answer handed to Netty and not written yet: its bytes, and when it was handed over. */
  private static final class Waiting {
    final long bytes;
    final long since;

    Waiting(long bytes, long since) {
      this.bytes = bytes;
      this.since = since;
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
    connection.stop();
  }

  /** Timers this class has set, over all connections (for tests: it does not grow with the answers). */
  long timersSet() {
    return timersSet.get();
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
