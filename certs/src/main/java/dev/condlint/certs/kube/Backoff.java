package dev.condlint.certs.kube;

import java.time.Duration;

/**
 * Capped exponential backoff: the first retry waits {@code initial}, each next one twice as long,
 * never more than {@code max}, and the call gives up after {@code attempts} tries in all.
 */
public record Backoff(int attempts, Duration initial, Duration max) {
  /** Six tries over about 10 s: rides out an API server restart, fails a CronJob or a start-up clearly. */
  public static final Backoff DEFAULT = new Backoff(6, Duration.ofMillis(250), Duration.ofSeconds(4));

  public Backoff {
    if (attempts < 1) {
      throw new IllegalArgumentException("at least one attempt");
    }
  }

  /** The wait after the given failed attempt (1 for the first). */
  public Duration delayAfter(int attempt) {
    Duration delay = initial.multipliedBy(1L << Math.min(attempt - 1, 30));
    return delay.compareTo(max) > 0 || delay.isNegative() ? max : delay;
  }
}
