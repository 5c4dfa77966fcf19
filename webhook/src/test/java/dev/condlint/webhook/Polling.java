package dev.condlint.webhook;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * Bounded waits for what happens on other threads: a log line, a metric, a reload, a watch event. Each
 * polls every 20 ms; none asserts how long it took.
 */
final class Polling {
  private static final long INTERVAL_MS = 20;

  private Polling() {}

  /**
   * Polls until {@code done} holds or {@code within} has passed, whichever comes first. The test
   * asserts afterwards what it needs of the state it waited for.
   */
  static void waitUntil(Duration within, Callable<Boolean> done) throws Exception {
    long until = System.nanoTime() + within.toNanos();
    while (!done.call() && System.nanoTime() < until) {
      Thread.sleep(INTERVAL_MS);
    }
  }

  /** Polls {@code value} until {@code done} accepts it; fails after {@code within}, naming the last value. */
  static <T> T eventually(Duration within, Callable<T> value, Predicate<T> done) throws Exception {
    long until = System.nanoTime() + within.toNanos();
    T last = value.call();
    while (!done.test(last)) {
      if (System.nanoTime() >= until) {
        throw new AssertionError("not within " + within + "; last: " + last);
      }
      Thread.sleep(INTERVAL_MS);
      last = value.call();
    }
    return last;
  }
}
