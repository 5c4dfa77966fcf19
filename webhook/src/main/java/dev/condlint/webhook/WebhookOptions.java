package dev.condlint.webhook;

import dev.condlint.admission.AdmissionMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * How the webhook runs.
 *
 * @param deadline how long one request may take before it is allowed unchecked; below the API
 *     server's webhook timeout (10 s by default, 30 s at most)
 * @param reloadInterval how often the certificate and configuration files are checked for changes
 * @param shutdownGrace how long a shutdown waits for in-flight requests
 * @param managedCertificates when present, the webhook creates, renews and injects its certificates itself
 * @param inlineMaxBytes the largest body decided on the event loop; larger ones go to the worker pool (0:
 *     every body does). Decoding and the rules are CPU work that grows with the body, a few hundred
 *     microseconds at this size, less than the hop to a worker and back costs the server under load.
 */
public record WebhookOptions(
    String host,
    int port,
    Optional<Path> tlsCert,
    Optional<Path> tlsKey,
    boolean selfSigned,
    Optional<Path> clientCa,
    AdmissionMode mode,
    Optional<Path> config,
    long maxBodyBytes,
    Duration deadline,
    Duration reloadInterval,
    Duration shutdownGrace,
    Optional<ManagedCertificates> managedCertificates,
    long inlineMaxBytes) {

  public static final long DEFAULT_MAX_BODY = 3L * 1024 * 1024;
  public static final long DEFAULT_INLINE_MAX_BYTES = 64L * 1024;

  public WebhookOptions {
    int sources = (selfSigned ? 1 : 0) + (tlsCert.isPresent() || tlsKey.isPresent() ? 1 : 0)
        + (managedCertificates.isPresent() ? 1 : 0);
    if (sources != 1) {
      throw new IllegalArgumentException("give one of --self-signed, --manage-certs, or both --tls-cert and --tls-key");
    }
    if (tlsCert.isPresent() != tlsKey.isPresent()) {
      throw new IllegalArgumentException("--tls-cert and --tls-key go together");
    }
    if (inlineMaxBytes < 0) {
      throw new IllegalArgumentException("--inline-max-bytes must be 0 or more");
    }
  }

  /**
   * A local self-signed server with the defaults, on the loopback address and this port (0: any free
   * port). The command line's {@code --self-signed} binds {@code --host} instead, 0.0.0.0 by default.
   */
  public static WebhookOptions selfSigned(int port) {
    return new WebhookOptions("127.0.0.1", port, Optional.empty(), Optional.empty(), true, Optional.empty(),
        AdmissionMode.WARN, Optional.empty(), DEFAULT_MAX_BODY, Duration.ofSeconds(2), Duration.ofSeconds(2),
        Duration.ofSeconds(20), Optional.empty(), DEFAULT_INLINE_MAX_BYTES);
  }

  public WebhookOptions withMode(AdmissionMode m) {
    return new WebhookOptions(host, port, tlsCert, tlsKey, selfSigned, clientCa, m, config, maxBodyBytes, deadline,
        reloadInterval, shutdownGrace, managedCertificates, inlineMaxBytes);
  }

  public WebhookOptions withTls(Path cert, Path key) {
    return new WebhookOptions(host, port, Optional.of(cert), Optional.of(key), false, clientCa, mode, config,
        maxBodyBytes, deadline, reloadInterval, shutdownGrace, Optional.empty(), inlineMaxBytes);
  }

  public WebhookOptions withManagedCertificates(ManagedCertificates managed) {
    return new WebhookOptions(host, port, Optional.empty(), Optional.empty(), false, clientCa, mode, config,
        maxBodyBytes, deadline, reloadInterval, shutdownGrace, Optional.of(managed), inlineMaxBytes);
  }

  public WebhookOptions withClientCa(Path ca) {
    return new WebhookOptions(host, port, tlsCert, tlsKey, selfSigned, Optional.of(ca), mode, config, maxBodyBytes,
        deadline, reloadInterval, shutdownGrace, managedCertificates, inlineMaxBytes);
  }

  public WebhookOptions withConfig(Path file) {
    return new WebhookOptions(host, port, tlsCert, tlsKey, selfSigned, clientCa, mode, Optional.of(file),
        maxBodyBytes, deadline, reloadInterval, shutdownGrace, managedCertificates, inlineMaxBytes);
  }

  public WebhookOptions withLimits(long maxBody, Duration requestDeadline) {
    return new WebhookOptions(host, port, tlsCert, tlsKey, selfSigned, clientCa, mode, config, maxBody,
        requestDeadline, reloadInterval, shutdownGrace, managedCertificates, inlineMaxBytes);
  }

  public WebhookOptions withTimings(Duration reload, Duration grace) {
    return new WebhookOptions(host, port, tlsCert, tlsKey, selfSigned, clientCa, mode, config, maxBodyBytes,
        deadline, reload, grace, managedCertificates, inlineMaxBytes);
  }

  /** Decides bodies up to this size on the event loop (0: every body on the worker pool). */
  public WebhookOptions withInlineMaxBytes(long bytes) {
    return new WebhookOptions(host, port, tlsCert, tlsKey, selfSigned, clientCa, mode, config, maxBodyBytes,
        deadline, reloadInterval, shutdownGrace, managedCertificates, bytes);
  }
}
