package dev.condlint.webhook;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of request bodies the server holds at once, within a bound: a body counts from its first
 * byte until its request is answered, because its decoded tree lives as long (a few times the body's
 * size). Without the bound, a few dozen concurrent 3 MiB reviews outgrew the heap.
 */
final class InflightBudget {
  private final long max;
  private final AtomicLong used = new AtomicLong();

  InflightBudget(long max) {
    this.max = max;
  }

  /** Takes {@code bytes} from the budget if they fit; false (and nothing taken) if they do not. */
  boolean tryReserve(long bytes) {
    long now;
    do {
      now = used.get();
      if (now + bytes > max) {
        return false;
      }
    } while (!used.compareAndSet(now, now + bytes));
    return true;
  }

  void release(long bytes) {
    used.addAndGet(-bytes);
  }

  long used() {
    return used.get();
  }

  long max() {
    return max;
  }
}
