package dev.condlint.cluster;

import io.fabric8.kubernetes.client.utils.ExponentialBackoffIntervalCalculator;
import java.time.Duration;

/**
 * How often and how patiently a request to the API server is tried, whoever makes it (the audit's and
 * the webhook's reads through {@link ApiServer}, the certificates' writes through
 * {@link KubernetesRetry}): {@code attempts} tries in all, waiting {@code initial} after the first
 * failure and twice as long after each next one (fabric8's own exponential backoff, which stops
 * doubling at 32 times {@code initial}), never more than {@code max}; a server's {@code Retry-After}
 * is honoured up to {@link #MAX_RETRY_AFTER}.
 */
public record Retry(int attempts, Duration initial, Duration max) {
  /**
   * Six tries, waiting 0.25, 0.5, 1, 2 and 4 s between them: rides out an API server restart or a burst
   * of throttling, and fails a CronJob or a start-up clearly.
   */
  public static final Retry DEFAULT = new Retry(6, Duration.ofMillis(250), Duration.ofSeconds(4));

  /** One try: for what a failure answers for good, such as the discovery of an aggregated API that is down. */
  public static final Retry ONCE = new Retry(1, Duration.ZERO);

  static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(60);

  public Retry {
    if (attempts < 1) {
      throw new IllegalArgumentException("at least one attempt");
    }
  }

  /** No cap but the backoff's own, 32 times {@code initial}. */
  public Retry(int attempts, Duration initial) {
    this(attempts, initial, initial.multipliedBy(32));
  }

  /** The wait after the given failed attempt (1 for the first). */
  public Duration delayAfter(int attempt) {
    long backoff = new ExponentialBackoffIntervalCalculator((int) initial.toMillis(), attempts).getInterval(attempt - 1);
    return Duration.ofMillis(Math.min(backoff, max.toMillis()));
  }

  /** The wait after the given failed attempt, at least what the server asked for. */
  Duration delayAfter(int attempt, Duration retryAfter) {
    Duration asked = retryAfter.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : retryAfter;
    return Duration.ofMillis(Math.max(delayAfter(attempt).toMillis(), asked.toMillis()));
  }
}
