package dev.condlint.webhook;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Closes a connection that holds the server without using it: one that has not sent a whole request's
 * headers within the read timeout of opening (a slowloris trickles them a byte at a time, which keeps
 * a byte-level idle timeout from ever firing), or that has had no request in progress for the idle
 * timeout. An HTTP/2 connection gets a GOAWAY first, so its client knows nothing was lost.
 */
final class ConnectionGuard {
  /** Why a connection was closed: the metrics' {@code reason}. */
  enum Reason {
    READ_TIMEOUT("read-timeout"),
    IDLE("idle"),
    /** An HTTP/2 connection whose client did not let its answers through: see {@link AnswerWrites}. */
    UNREAD_ANSWERS("unread-answers"),
    /** An HTTP/2 connection whose client did not acknowledge the server's SETTINGS in time. */
    SETTINGS_TIMEOUT("settings-timeout");

    final String label;

    Reason(String label) {
      this.label = label;
    }
  }

  private final Vertx vertx;
  private final HttpConnection connection;
  private final Duration idleTimeout;
  private final Consumer<Reason> closed;
  private int active;
  private long timer = -1;

  /** Starts guarding a connection that has just opened; {@code closed} hears of each one this closes. */
  ConnectionGuard(Vertx vertx, HttpConnection connection, Duration readTimeout, Duration idleTimeout,
      Consumer<Reason> closed) {
    this.vertx = vertx;
    this.connection = connection;
    this.idleTimeout = idleTimeout;
    this.closed = closed;
    arm(readTimeout, Reason.READ_TIMEOUT);
  }

  synchronized void requestStarted() {
    active++;
    cancel();
  }

  /** The requests in progress on the connection. */
  synchronized int inProgress() {
    return active;
  }

  synchronized void requestEnded() {
    active--;
    if (active == 0) {
      arm(idleTimeout, Reason.IDLE);
    }
  }

  synchronized void stop() {
    cancel();
  }

  private void arm(Duration timeout, Reason reason) {
    cancel();
    timer = vertx.setTimer(Math.max(1, timeout.toMillis()), id -> expire(id, reason));
  }

  private void cancel() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
      timer = -1;
    }
  }

  private void expire(long id, Reason reason) {
    synchronized (this) {
      if (timer != id || active > 0) {
        return;
      }
      timer = -1;
    }
    closed.accept(reason);
    try {
      connection.shutdown(0, java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (UnsupportedOperationException http1) {
      connection.close();
    }
  }
}
