package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The one retry policy's waits, for reads and writes alike. */
class RetryTest {
  private static List<Long> waits(Retry retry, int failures) {
    return IntStream.rangeClosed(1, failures).mapToObj(retry::delayAfter).map(Duration::toMillis).toList();
  }

  @Test
  void theDefaultWaitsAQuarterSecondAndDoublesUpToFourSeconds() {
    assertEquals(List.of(250L, 500L, 1000L, 2000L, 4000L), waits(Retry.DEFAULT, 5));
  }

  @Test
  void aMaximumCapsTheDoubling() {
    assertEquals(List.of(100L, 200L, 250L, 250L), waits(new Retry(5, Duration.ofMillis(100), Duration.ofMillis(250)), 4));
  }

  @Test
  void withoutAMaximumTheDoublingStopsAtThirtyTwoTimesTheFirstWait() {
    assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 32L, 32L, 32L), waits(new Retry(9, Duration.ofMillis(1)), 8));
  }

  @Test
  void aServersRetryAfterIsHonouredUpToAMinute() {
    assertEquals(Duration.ofSeconds(3), Retry.DEFAULT.delayAfter(1, Duration.ofSeconds(3)));
    assertEquals(Duration.ofMillis(500), Retry.DEFAULT.delayAfter(2, Duration.ofMillis(100)));
    assertEquals(Duration.ofSeconds(60), Retry.DEFAULT.delayAfter(1, Duration.ofHours(1)));
  }

  @Test
  void atLeastOneAttempt() {
    assertEquals("at least one attempt",
        assertThrows(IllegalArgumentException.class, () -> new Retry(0, Duration.ZERO)).getMessage());
  }
}
