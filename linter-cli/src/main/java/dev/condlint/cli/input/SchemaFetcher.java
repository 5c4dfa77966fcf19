package dev.condlint.cli.input;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * Fetches schemas over HTTPS with a timeout, through a {@link SchemaCache}: a URL fetched once (or
 * found missing once) is read from the cache ever after, so a second run works offline.
 */
final class SchemaFetcher {
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
  /** More than any CRD's JSON Schema (the largest of datreeio/CRDs-catalog is under 8 MiB). */
  static final int MAX_BYTES = 32 * 1024 * 1024;

  private final SchemaCache cache;
  private final HttpClient client;
  private final Duration requestTimeout;

  SchemaFetcher(SchemaCache cache, SSLContext tls, Duration connectTimeout, Duration requestTimeout) {
    this.cache = cache;
    this.client = HttpClient.newBuilder()
        .sslContext(tls)
        .connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NORMAL)
        .build();
    this.requestTimeout = requestTimeout;
  }

  /** A fetcher that trusts the JVM's default certificate authorities. */
  static SchemaFetcher withDefaultTrust(SchemaCache cache) {
    try {
      return new SchemaFetcher(cache, SSLContext.getDefault(), CONNECT_TIMEOUT, REQUEST_TIMEOUT);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The body at the URL; empty where the server says there is none (404, 410).
   *
   * @throws IOException where the server cannot be reached in time, or answers with another error
   */
  Optional<byte[]> fetch(String url) throws IOException {
    Optional<Optional<byte[]>> cached = cache.get(url);
    if (cached.isPresent()) {
      return cached.get();
    }
    HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(requestTimeout).GET().build();
    HttpResponse<InputStream> response;
    try {
      response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (HttpTimeoutException e) {
      throw new IOException("no answer within " + requestTimeout.toSeconds() + "s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    try (InputStream body = response.body()) {
      int status = response.statusCode();
      if (status == 404 || status == 410) {
        cache.put(url, Optional.empty());
        return Optional.empty();
      }
      if (status / 100 != 2) {
        throw new IOException("HTTP status " + status);
      }
      byte[] bytes = body.readNBytes(MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        throw new IOException("more than " + MAX_BYTES / (1024 * 1024) + " MiB");
      }
      cache.put(url, Optional.of(bytes));
      return Optional.of(bytes);
    }
  }
}
