package dev.condlint.monitor.watch;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The objects read but not yet judged, across every informer, bounded: an informer reads a page of a
 * list and hands its objects to a handler thread at once, whatever the handler's pace, so a first
 * list of 100,000 objects would otherwise hold most of them in memory, whole, waiting. The thread that
 * reads lists and watch events waits while more than {@code max} are waiting, for at most
 * {@link #PATIENCE_MS} ms at a time (never for ever, should a count be lost).
 */
final class Backlog {
  static final long PATIENCE_MS = 10_000;

  private final long max;
  private final AtomicLong waiting = new AtomicLong();
  private final AtomicLong sleepers = new AtomicLong();
  private final Object lock = new Object();

  Backlog(long max) {
    this.max = max;
  }

  /** Objects read and not yet judged. */
  long waiting() {
    return waiting.get();
  }

  /** One informer's part: what it added and has not yet judged, given back when it stops. */
  final class Share {
    private final AtomicLong mine = new AtomicLong();

    /** An object read: waits while the backlog is full. */
    void added() {
      mine.incrementAndGet();
      long now = waiting.incrementAndGet();
      if (now <= max) {
        return;
      }
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MS);
      sleepers.incrementAndGet();
      try {
        synchronized (lock) {
          while (waiting.get() > max && System.nanoTime() < deadline) {
            lock.wait(10);
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        sleepers.decrementAndGet();
      }
    }

    /** An object judged (or dropped). */
    void done() {
      if (mine.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        release(1);
      }
    }

    /** The informer stopped: what it had waiting will not be judged. */
    void abandon() {
      release(mine.getAndSet(0));
    }
  }

  Share share() {
    return new Share();
  }

  private void release(long n) {
    if (n > 0 && waiting.addAndGet(-n) <= max && sleepers.get() > 0) {
      synchronized (lock) {
        lock.notifyAll();
      }
    }
  }
}
