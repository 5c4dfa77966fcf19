package dev.condlint.webhook;

import io.vertx.core.Vertx;
import java.time.Duration;

/**
 * What the admission and probe ports share about a body's two timeouts ({@code --read-timeout} for
 * the whole body, {@code --body-stall-timeout} for a gap in it): how their timers are stopped, and the
 * words of the 408 each ends with, so that both ports say the same.
 */
final class BodyTimeouts {
  /** A timer field that holds no timer. */
  static final long NONE = -1;

  private BodyTimeouts() {}

  /** Stops {@code timer} if it is one; returns {@link #NONE}, for the field that held it. */
  static long cancel(Vertx vertx, long timer) {
    if (timer != NONE) {
      vertx.cancelTimer(timer);
    }
    return NONE;
  }

  /** Why a body that was not whole by its read timeout gets 408. */
  static String notWhole(Duration readTimeout) {
    return "the body did not arrive within " + readTimeout.toMillis() + " ms";
  }

  /** Why a body that had no byte for the stall timeout gets 408. */
  static String stalled(Duration stallTimeout) {
    return "no byte of the body arrived for " + stallTimeout.toMillis() + " ms";
  }
}
