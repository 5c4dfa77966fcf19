package dev.condlint.cluster;

import io.fabric8.kubernetes.client.utils.ExponentialBackoffIntervalCalculator;
import java.time.Duration;

/**
 * How often and how patiently a request is tried: {@code attempts} tries in all, waiting
 * {@code initial} after the first failure and twice as long after each next one, up to 32 times
 * {@code initial} (fabric8's own capped exponential backoff); a server's {@code Retry-After} is
 * honoured up to {@link #MAX_RETRY_AFTER}.
 */
public record Retry(int attempts, Duration initial) {
  /**
   * Six tries, waiting 0.25, 0.5, 1, 2 and 4 s between them: rides out an API server restart or a burst
   * of throttling.
   */
  public static final Retry DEFAULT = new Retry(6, Duration.ofMillis(250));

  /** One try: for what a failure answers for good, such as the discovery of an aggregated API that is down. */
  public static final Retry ONCE = new Retry(1, Duration.ZERO);

  static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(60);

  public Retry {
    if (attempts < 1) {
      throw new IllegalArgumentException("at least one attempt");
    }
  }

  /** The wait after the given failed attempt (1 for the first), at least what the server asked for. */
  Duration delayAfter(int attempt, Duration retryAfter) {
    long backoff = new ExponentialBackoffIntervalCalculator((int) initial.toMillis(), attempts).getInterval(attempt - 1);
    Duration asked = retryAfter.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : retryAfter;
    return Duration.ofMillis(Math.max(backoff, asked.toMillis()));
  }
}
