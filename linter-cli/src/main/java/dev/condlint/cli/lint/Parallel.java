package dev.condlint.cli.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/** Maps a list on a few threads and returns the results in the list's order. */
final class Parallel {
  private Parallel() {}

  /**
   * Applies {@code f} to every item on {@code threads} threads (on the calling thread when one), in
   * submission order so that results are done roughly in order and few are held at once. A failure
   * in {@code f} is rethrown as it was thrown.
   */
  static <T, R> List<R> map(List<T> items, int threads, Function<T, R> f) {
    if (threads <= 1 || items.size() <= 1) {
      List<R> out = new ArrayList<>(items.size());
      items.forEach(item -> out.add(f.apply(item)));
      return out;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, items.size()), r -> {
      Thread t = new Thread(r, "condlint-lint");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<R>> futures = new ArrayList<>(items.size());
      items.forEach(item -> futures.add(pool.submit(() -> f.apply(item))));
      List<R> out = new ArrayList<>(items.size());
      for (Future<R> future : futures) {
        out.add(join(future));
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  private static <R> R join(Future<R> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while linting", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    }
  }
}
