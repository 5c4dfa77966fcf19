package dev.condlint.webhook;

import dev.condlint.admission.AdmissionMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How the webhook runs.
 *
 * @param deadline how long one request may take before it is allowed unchecked; below the API
 *     server's webhook timeout (10 s by default, 30 s at most)
 * @param reloadInterval how often the certificate and configuration files are checked for changes
 * @param shutdownGrace how long a shutdown waits for in-flight requests
 * @param managedCertificates when present, the webhook creates, renews and injects its certificates itself
 * @param probePort the plain-HTTP port of {@code /healthz}, {@code /readyz} and {@code /metrics} (0: any
 *     free port)
 * @param maxInflightBytes the bound on the bytes of request bodies held at once; a request beyond it is
 *     allowed unchecked
 * @param readTimeout how long a new connection may take to send its first request's headers
 * @param idleTimeout how long a connection may stay open with no request in progress
 * @param inlineMaxBytes the largest body decided on the event loop; larger ones go to the worker pool (0:
 *     every body does). Decoding and the rules are CPU work that grows with the body, a few hundred
 *     microseconds at this size, less than the hop to a worker and back costs the server under load.
 * @param kubeconfig the cluster to connect to ({@code --kubeconfig}); without it, as kubectl finds it
 *     ({@code KUBECONFIG}, {@code ~/.kube/config}, the pod's service account)
 * @param clusterCrds whether custom resources are judged by their CRDs, which an informer keeps current
 * @param crdSyncWait with {@code clusterCrds}, how long {@code /readyz} waits for the first list of CRDs
 *     before it answers ready anyway
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
    long inlineMaxBytes,
    int probePort,
    Duration readTimeout,
    Duration idleTimeout,
    long maxInflightBytes,
    Optional<Path> kubeconfig,
    boolean clusterCrds,
    Duration crdSyncWait) {

  public static final int DEFAULT_PROBE_PORT = 8080;
  public static final long DEFAULT_MAX_BODY = 3L * 1024 * 1024;
  public static final long DEFAULT_INLINE_MAX_BYTES = 64L * 1024;
  public static final Duration DEFAULT_CRD_SYNC_WAIT = Duration.ofSeconds(30);

  /**
   * The default bound on bytes of bodies in flight: an eighth of the JVM's largest heap, and never less
   * than one body. A review's decoded tree takes about three times its bytes while it is decided, and
   * the serial collector's old generation must hold the bodies that wait; with 20 to 40 concurrent 3 MiB
   * reviews this kept the heap, and the process, within bounds (benchmarks/RESULTS.md, memory runner).
   */
  public static long defaultMaxInflightBytes(long maxBodyBytes) {
    return Math.max(maxBodyBytes, Runtime.getRuntime().maxMemory() / 8);
  }

  public WebhookOptions {
    int sources = (selfSigned ? 1 : 0) + (tlsCert.isPresent() || tlsKey.isPresent() ? 1 : 0)
        + (managedCertificates.isPresent() ? 1 : 0);
    if (sources != 1) {
      throw new IllegalArgumentException("give one of --self-signed, --manage-certs, or both --tls-cert and --tls-key");
    }
    if (tlsCert.isPresent() != tlsKey.isPresent()) {
      throw new IllegalArgumentException("--tls-cert and --tls-key go together");
    }
    if (probePort != 0 && probePort == port) {
      throw new IllegalArgumentException("--probe-port must differ from --port");
    }
    if (readTimeout.isNegative() || readTimeout.isZero() || idleTimeout.isNegative() || idleTimeout.isZero()) {
      throw new IllegalArgumentException("--read-timeout and --idle-timeout must be positive");
    }
    if (maxInflightBytes < maxBodyBytes) {
      throw new IllegalArgumentException("--max-inflight-bytes must be at least --max-body-bytes");
    }
    if (inlineMaxBytes < 0) {
      throw new IllegalArgumentException("--inline-max-bytes must be 0 or more");
    }
    if (crdSyncWait.isNegative()) {
      throw new IllegalArgumentException("--crd-sync-wait must be 0 or more");
    }
  }

  /**
   * A local self-signed server with the defaults, on the loopback address and this port (0: any free
   * port). The command line's {@code --self-signed} binds {@code --host} instead, 0.0.0.0 by default.
   */
  public static WebhookOptions selfSigned(int port) {
    return new WebhookOptions("127.0.0.1", port, Optional.empty(), Optional.empty(), true, Optional.empty(),
        AdmissionMode.WARN, Optional.empty(), DEFAULT_MAX_BODY, Duration.ofSeconds(2), Duration.ofSeconds(2),
        Duration.ofSeconds(20), Optional.empty(), DEFAULT_INLINE_MAX_BYTES, 0, Duration.ofSeconds(10),
        Duration.ofSeconds(60), defaultMaxInflightBytes(DEFAULT_MAX_BODY), Optional.empty(), false,
        DEFAULT_CRD_SYNC_WAIT);
  }

  public WebhookOptions withMode(AdmissionMode m) {
    return with(b -> b.mode = m);
  }

  public WebhookOptions withTls(Path cert, Path key) {
    return with(b -> {
      b.tlsCert = Optional.of(cert);
      b.tlsKey = Optional.of(key);
      b.selfSigned = false;
      b.managedCertificates = Optional.empty();
    });
  }

  public WebhookOptions withManagedCertificates(ManagedCertificates managed) {
    return with(b -> {
      b.tlsCert = Optional.empty();
      b.tlsKey = Optional.empty();
      b.selfSigned = false;
      b.managedCertificates = Optional.of(managed);
    });
  }

  public WebhookOptions withClientCa(Path ca) {
    return with(b -> b.clientCa = Optional.of(ca));
  }

  public WebhookOptions withConfig(Path file) {
    return with(b -> b.config = Optional.of(file));
  }

  public WebhookOptions withLimits(long maxBody, Duration requestDeadline) {
    return with(b -> {
      b.maxBodyBytes = maxBody;
      b.deadline = requestDeadline;
    });
  }

  public WebhookOptions withMaxInflightBytes(long bytes) {
    return with(b -> b.maxInflightBytes = bytes);
  }

  public WebhookOptions withTimings(Duration reload, Duration grace) {
    return with(b -> {
      b.reloadInterval = reload;
      b.shutdownGrace = grace;
    });
  }

  /** Decides bodies up to this size on the event loop (0: every body on the worker pool). */
  public WebhookOptions withInlineMaxBytes(long bytes) {
    return with(b -> b.inlineMaxBytes = bytes);
  }

  public WebhookOptions withConnectionTimeouts(Duration read, Duration idle) {
    return with(b -> {
      b.readTimeout = read;
      b.idleTimeout = idle;
    });
  }

  /** Connects to the cluster this kubeconfig names (its current context). */
  public WebhookOptions withKubeconfig(Path file) {
    return with(b -> b.kubeconfig = Optional.of(file));
  }

  /** Judges custom resources by the cluster's CRDs; {@code /readyz} waits at most {@code syncWait} for them. */
  public WebhookOptions withClusterCrds(Duration syncWait) {
    return with(b -> {
      b.clusterCrds = true;
      b.crdSyncWait = syncWait;
    });
  }

  private WebhookOptions with(Consumer<Builder> change) {
    Builder builder = new Builder(this);
    change.accept(builder);
    return builder.build();
  }

  /** The options as fields, so that each {@code with...} names only what it changes. */
  private static final class Builder {
    String host;
    int port;
    Optional<Path> tlsCert;
    Optional<Path> tlsKey;
    boolean selfSigned;
    Optional<Path> clientCa;
    AdmissionMode mode;
    Optional<Path> config;
    long maxBodyBytes;
    Duration deadline;
    Duration reloadInterval;
    Duration shutdownGrace;
    Optional<ManagedCertificates> managedCertificates;
    long inlineMaxBytes;
    int probePort;
    Duration readTimeout;
    Duration idleTimeout;
    long maxInflightBytes;
    Optional<Path> kubeconfig;
    boolean clusterCrds;
    Duration crdSyncWait;

    Builder(WebhookOptions o) {
      host = o.host;
      port = o.port;
      tlsCert = o.tlsCert;
      tlsKey = o.tlsKey;
      selfSigned = o.selfSigned;
      clientCa = o.clientCa;
      mode = o.mode;
      config = o.config;
      maxBodyBytes = o.maxBodyBytes;
      deadline = o.deadline;
      reloadInterval = o.reloadInterval;
      shutdownGrace = o.shutdownGrace;
      managedCertificates = o.managedCertificates;
      inlineMaxBytes = o.inlineMaxBytes;
      probePort = o.probePort;
      readTimeout = o.readTimeout;
      idleTimeout = o.idleTimeout;
      maxInflightBytes = o.maxInflightBytes;
      kubeconfig = o.kubeconfig;
      clusterCrds = o.clusterCrds;
      crdSyncWait = o.crdSyncWait;
    }

    WebhookOptions build() {
      return new WebhookOptions(host, port, tlsCert, tlsKey, selfSigned, clientCa, mode, config, maxBodyBytes,
          deadline, reloadInterval, shutdownGrace, managedCertificates, inlineMaxBytes, probePort, readTimeout, idleTimeout,
          maxInflightBytes, kubeconfig, clusterCrds, crdSyncWait);
    }
  }
}
