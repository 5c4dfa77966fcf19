package dev.condlint.monitor.reports;

import java.time.Duration;

/**
 * Spaces report writes at least {@code 1 / writesPerSecond} apart, across rounds: a write waits only
 * for what is left of the gap since the one before, so a round that follows a quiet spell starts at
 * once, and a burst of changed namespaces is written at the bounded rate, never faster.
 */
public final class WritePacer {
  /** The passing of time, which tests replace. */
  public interface Time {
    Time SYSTEM = new Time() {
      @Override
      public long nanos() {
        return System.nanoTime();
      }

      @Override
      public void sleep(Duration d) throws InterruptedException {
        Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);
      }
    };

    long nanos();

    void sleep(Duration d) throws InterruptedException;
  }

  private final long gapNanos;
  private final Time time;
  private boolean wrote;
  private long lastWrite;

  public WritePacer(double writesPerSecond, Time time) {
    if (!(writesPerSecond > 0)) {
      throw new IllegalArgumentException("writes per second must be more than 0, not " + writesPerSecond);
    }
    this.gapNanos = (long) (1_000_000_000L / writesPerSecond);
    this.time = time;
  }

  /** Waits until the next write may go; false when interrupted (the writer is closing). */
  public boolean awaitTurn() {
    if (wrote) {
      long wait = lastWrite + gapNanos - time.nanos();
      if (wait > 0) {
        try {
          time.sleep(Duration.ofNanos(wait));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
    wrote = true;
    lastWrite = time.nanos();
    return true;
  }
}
