package dev.condlint.cluster;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Read-only requests to the API server through fabric8's HTTP client (its credentials, TLS and token
 * refresh), with answers read as they arrive: a list page is parsed item by item, never held whole.
 * A request is tried again, as {@link Retry} says, when it got no answer, no answer in time, an
 * answer that broke off or stalled, a 429 or a 5xx.
 */
public final class ApiServer implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();

  /** Reads an answer's body. */
  @FunctionalInterface
  public interface BodyReader<T> {
    T read(JsonParser body) throws IOException;
  }

  private final HttpClient http;
  private final String base;
  private final Duration timeout;
  private final Retry retry;
  private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "condlint-api-watchdog");
    t.setDaemon(true);
    return t;
  });

  /**
   * @param timeout how long a request may wait for its answer to start, and an answer may pause
   */
  public ApiServer(KubernetesClient client, Duration timeout, Retry retry) {
    this.http = client.getHttpClient();
    String url = client.getMasterUrl().toString();
    this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    this.timeout = timeout;
    this.retry = retry;
  }

  /** Where the API server is, for messages. */
  public String url() {
    return base;
  }

  /** The answer to {@code GET path} as a tree (small answers: discovery, a CRD). */
  public JsonNode get(String path, String accept) throws ApiException {
    return get(path, accept, JSON::readTree);
  }

  /** The answer to {@code GET path}, read by {@code reader} as it arrives; the reader is run again on a retry. */
  public <T> T get(String path, String accept, BodyReader<T> reader) throws ApiException {
    return get(path, accept, reader, retry);
  }

  /** The answer to {@code GET path} as a tree, tried as {@code retry} says instead of as this server's requests are. */
  public JsonNode get(String path, String accept, Retry retry) throws ApiException {
    return get(path, accept, JSON::readTree, retry);
  }

  private <T> T get(String path, String accept, BodyReader<T> reader, Retry retry) throws ApiException {
    for (int attempt = 1; ; attempt++) {
      try {
        return once(path, accept, reader);
      } catch (Failure f) {
        if (!f.error.retriable() || attempt >= retry.attempts()) {
          throw attempt == 1 ? f.error : new ApiException(f.error.code(), f.error.reason(),
              f.error.getMessage() + " (after " + attempt + " attempts)");
        }
        pause(retry.delayAfter(attempt, f.retryAfter), path);
      }
    }
  }

  /** An error and how long the server asked us to wait before the next try. */
  private static final class Failure extends Exception {
    final ApiException error;
    final Duration retryAfter;

    Failure(ApiException error, Duration retryAfter) {
      super(error.getMessage(), null, false, false);
      this.error = error;
      this.retryAfter = retryAfter;
    }

    Failure(ApiException error) {
      this(error, Duration.ZERO);
    }
  }

  private <T> T once(String path, String accept, BodyReader<T> reader) throws Failure, ApiException {
    HttpRequest request = http.newHttpRequestBuilder()
        .uri(base + path)
        .header("Accept", accept)
        .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
        .build();
    HttpResponse<InputStream> response = send(request, path);
    IdleWatch watch = new IdleWatch(response.body());
    try (InputStream body = watch; JsonParser parser = JSON.createParser(body)) {
      if (!response.isSuccessful()) {
        ApiException error = Statuses.error(response.code(), parser);
        drain(body);
        throw new Failure(error, retryAfter(response));
      }
      watch.start(watchdog, timeout);
      T result = reader.read(parser);
      drain(body);
      return result;
    } catch (IOException e) {
      String what = watch.stalled()
          ? "the answer to GET " + path + " stalled for " + seconds(timeout)
          : "the answer to GET " + path + " broke off: " + e.getMessage();
      throw new Failure(new ApiException(what, e));
    } finally {
      watch.stop();
    }
  }

  /**
   * Reads what is left of an answer (its end, usually): closing it before its end resets the
   * connection, and the next request could pick that connection from the pool as it closes.
   */
  private static void drain(InputStream body) throws IOException {
    byte[] buffer = new byte[8192];
    while (body.read(buffer) >= 0) {
      // discard
    }
  }

  private HttpResponse<InputStream> send(HttpRequest request, String path) throws Failure, ApiException {
    try {
      return http.sendAsync(request, InputStream.class).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException("interrupted while waiting for GET " + path, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof TimeoutException) {
        throw new Failure(new ApiException("no answer to GET " + path + " within " + seconds(timeout), cause));
      }
      throw new Failure(new ApiException("cannot reach the API server at " + base + ": " + innermost(cause), cause));
    }
  }

  private void pause(Duration delay, String path) throws ApiException {
    try {
      Thread.sleep(delay.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException("interrupted while waiting to retry GET " + path, e);
    }
  }

  private static Duration retryAfter(HttpResponse<?> response) {
    String header = response.header("Retry-After");
    if (header == null) {
      return Duration.ZERO;
    }
    try {
      return Duration.ofSeconds(Math.max(0, Long.parseLong(header.trim())));
    } catch (NumberFormatException e) {
      return Duration.ZERO;
    }
  }

  private static String innermost(Throwable t) {
    Throwable cause = t;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }

  static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
  }

  @Override
  public void close() {
    watchdog.shutdownNow();
  }
}
