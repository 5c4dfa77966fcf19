package dev.condlint.cluster;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Runs a call through the fabric8 client again, as a {@link Retry} says, after errors that a later try
 * can fix (no connection, a conflicting write by another replica, throttling, server errors): for
 * steps that read what they write and write it conditionally, such as the certificates' Secret and the
 * webhook configuration's CA bundle, where a conflict means "read again". ({@link ApiServer}'s reads
 * take the same {@link Retry}.)
 */
public final class KubernetesRetry {
  private static final Set<Integer> RETRIABLE = Set.of(409, 429, 500, 502, 503, 504);

  /** Waits between attempts; tests pass one that records instead of sleeping. */
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final Retry retry;
  private final Sleeper sleeper;

  public KubernetesRetry(Retry retry, Sleeper sleeper) {
    this.retry = retry;
    this.sleeper = sleeper;
  }

  public KubernetesRetry(Retry retry) {
    this(retry, d -> Thread.sleep(d.toMillis()));
  }

  /**
   * The call's result; a {@link ClusterException} naming {@code what} when an error cannot be retried
   * or the attempts run out. Any other exception of the call passes as it is.
   */
  public <T> T call(String what, Supplier<T> call) {
    for (int attempt = 1; ; attempt++) {
      try {
        return call.get();
      } catch (KubernetesClientException e) {
        if (!noResponse(e) && !RETRIABLE.contains(e.getCode())) {
          throw new ClusterException(what + " failed: " + describe(e), e);
        }
        if (attempt == retry.attempts()) {
          throw new ClusterException(what + " failed after " + attempt + " attempts; last error: "
              + describe(e), e);
        }
        try {
          sleeper.sleep(retry.delayAfter(attempt));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new ClusterException(what + " interrupted", interrupted);
        }
      }
    }
  }

  /** fabric8 gives no status code (0 or -1) when the API server could not be reached at all. */
  private static boolean noResponse(KubernetesClientException e) {
    return e.getCode() <= 0;
  }

  private static String describe(KubernetesClientException e) {
    if (noResponse(e)) {
      Throwable cause = e;
      while (cause.getCause() != null) {
        cause = cause.getCause();
      }
      return "cannot reach the API server (" + cause + ")";
    }
    String message = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage() : e.getMessage();
    return "HTTP " + e.getCode() + ": " + message;
  }
}
