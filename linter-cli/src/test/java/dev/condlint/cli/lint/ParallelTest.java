package dev.condlint.cli.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Results come back in input order whatever the threads, and a failure comes back as it was thrown. */
class ParallelTest {

  @Test
  void keepsTheInputOrderOnSeveralThreads() {
    List<Integer> items = IntStream.range(0, 200).boxed().toList();

    // Later items finish first: the order must come from the input, not from completion.
    List<String> out = Parallel.map(items, 4, i -> {
      sleepMillis((200 - i) % 7);
      return "r" + i;
    });

    assertEquals(items.stream().map(i -> "r" + i).toList(), out);
  }

  @Test
  void oneThreadRunsOnTheCallingThread() {
    Thread caller = Thread.currentThread();

    List<Thread> threads = Parallel.map(List.of(1, 2, 3), 1, i -> Thread.currentThread());

    assertEquals(List.of(caller, caller, caller), threads);
  }

  @Test
  void rethrowsTheFailureItself() {
    IllegalStateException boom = new IllegalStateException("boom");

    IllegalStateException thrown = assertThrows(IllegalStateException.class,
        () -> Parallel.map(List.of(1, 2, 3), 2, i -> {
          if (i == 2) {
            throw boom;
          }
          return i;
        }));

    assertSame(boom, thrown);
  }

  private static void sleepMillis(int ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
