package dev.condlint.webhook;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;

/** Keeps threads busy for a test, so that what they would run waits: a writer's queue, a client's reads. */
final class HeldThreads {
  private HeldThreads() {}

  /** Occupies the thread of each executor until {@code release} opens; returns once every one is occupied. */
  static void holdUntil(CountDownLatch release, List<? extends Executor> executors) throws InterruptedException {
    CountDownLatch holding = new CountDownLatch(executors.size());
    for (Executor executor : executors) {
      executor.execute(() -> {
        holding.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
    holding.await();
  }
}
