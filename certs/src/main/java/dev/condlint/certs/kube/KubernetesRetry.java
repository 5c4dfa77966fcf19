package dev.condlint.certs.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Runs a Kubernetes API call again after errors that a later try can fix (no connection, a
 * conflicting write by another replica, throttling, server errors), with capped exponential backoff.
 */
public final class KubernetesRetry {
  private static final Set<Integer> RETRIABLE = Set.of(409, 429, 500, 502, 503, 504);

  /** Waits between attempts; tests pass one that records instead of sleeping. */
  public interface Sleeper {
    void sleep(java.time.Duration duration) throws InterruptedException;
  }

  private final Backoff backoff;
  private final Sleeper sleeper;

  public KubernetesRetry(Backoff backoff, Sleeper sleeper) {
    this.backoff = backoff;
    this.sleeper = sleeper;
  }

  public KubernetesRetry(Backoff backoff) {
    this(backoff, d -> Thread.sleep(d.toMillis()));
  }

  /**
   * The call's result; a {@link CertificateManagementException} naming {@code what} when an error
   * cannot be retried or the attempts run out.
   */
  public <T> T call(String what, Supplier<T> call) {
    for (int attempt = 1; ; attempt++) {
      try {
        return call.get();
      } catch (KubernetesClientException e) {
        if (!noResponse(e) && !RETRIABLE.contains(e.getCode())) {
          throw new CertificateManagementException(what + " failed: " + describe(e), e);
        }
        if (attempt == backoff.attempts()) {
          throw new CertificateManagementException(what + " failed after " + attempt + " attempts; last error: "
              + describe(e), e);
        }
        try {
          sleeper.sleep(backoff.delayAfter(attempt));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new CertificateManagementException(what + " interrupted", interrupted);
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
