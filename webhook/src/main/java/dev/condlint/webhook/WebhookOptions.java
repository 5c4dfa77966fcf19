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
 * @param maxInflightBytes the bound on the bytes held for requests at once (bodies as they arrive, then
 *     their decoded objects until their evaluation stops); a request beyond it is not checked, and the
 *     cluster's failurePolicy decides
 * @param readTimeout how long a new connection may take to send its first request's headers, and a
 *     request its whole body
 * @param idleTimeout how long a connection may stay open with no request in progress
 * @param inlineMaxBytes the largest body decided on the event loop; larger ones go to the worker pool (0:
 *     every body does). Decoding and the rules are CPU work that grows with the body, a few hundred
 *     microseconds at this size, less than the hop to a worker and back costs the server under load.
 * @param kubeconfig the cluster to connect to ({@code --kubeconfig}); without it, as kubectl finds it
 *     ({@code KUBECONFIG}, {@code ~/.kube/config}, the pod's service account)
 * @param clusterCrds whether custom resources are judged by their CRDs, which an informer keeps current
 * @param crdSyncWait with {@code clusterCrds}, how long {@code /readyz} waits for the first list of CRDs
 *     before it answers ready anyway
 * @param bodyStallTimeout how long a body may go without a byte arriving before it loses what it holds
 * @param maxConnections the most connections each port keeps open; more are closed as they are accepted
 * @param maxConnectionInflightBytes the most bytes one connection's requests may hold of {@code
 *     maxInflightBytes}
 * @param maxFindings the most findings the rules may report for one request; past them it is not checked
 * @param maxReadingBytes the most bytes the bodies read at once may declare together; one body is read
 *     whatever it declares when none is ({@link ReadQueue})
 * @param maxWaiting the most requests that wait unread for their body to be read; more are not checked
 * @param eventLoops how many event loops serve the admission port: one server each, sharing the port,
 *     the connections spread over them as they are accepted
 * @param warmUp how long, after the rules load, the webhook decides its own sample reviews before {@code
 *     /readyz} answers ready (zero: not at all), so that the API server's first reviews meet compiled code
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
    Duration crdSyncWait,
    Duration bodyStallTimeout,
    int maxConnections,
    long maxConnectionInflightBytes,
    int maxFindings,
    long maxReadingBytes,
    int maxWaiting,
    int eventLoops,
    Duration warmUp) {

  public static final int DEFAULT_PROBE_PORT = 8080;
  public static final long DEFAULT_MAX_BODY = 3L * 1024 * 1024;
  public static final long DEFAULT_INLINE_MAX_BYTES = 64L * 1024;
  public static final Duration DEFAULT_CRD_SYNC_WAIT = Duration.ofSeconds(30);
  public static final Duration DEFAULT_BODY_STALL_TIMEOUT = Duration.ofSeconds(2);
  public static final int DEFAULT_MAX_CONNECTIONS = 512;
  public static final int DEFAULT_MAX_FINDINGS = 5000;
  public static final int DEFAULT_MAX_WAITING = 64;

  /**
   * The default number of event loops serving the admission port: one per CPU the JVM may use (the
   * container's CPU limit, else the node's CPUs), counted as Vert.x counts them for its own event-loop
   * pool (which has twice as many threads). Deciding a review is CPU work done on its event loop (bodies
   * up to {@code --inline-max-bytes}), so more loops than CPUs would only take turns on them.
   */
  public static int defaultEventLoops() {
    return io.vertx.core.impl.cpu.CpuCoreSensor.availableProcessors();
  }

  /**
   * The default for the bytes read at once: an eighth of the in-flight bound (four 3 MiB bodies under
   * the deployment's 512Mi), so that the bodies read at once arrive well within the read timeout on a
   * loaded machine and the rest of the bound holds what they decode to; never less than one body.
   */
  public static long defaultMaxReadingBytes(long maxBodyBytes, long maxInflightBytes) {
    return Math.max(maxBodyBytes, maxInflightBytes / 8);
  }

  /**
   * The default bound on bytes held for requests: half of the JVM's largest heap, and never less than
   * one body. What it counts is all that grows with the requests in flight (bodies, then decoded
   * objects); the other half holds the rules, the server and the garbage the serial collector has yet to
   * collect (benchmarks/RESULTS.md, memory runner).
   */
  public static long defaultMaxInflightBytes(long maxBodyBytes) {
    return Math.max(maxBodyBytes, Runtime.getRuntime().maxMemory() / 2);
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
    if (bodyStallTimeout.isNegative() || bodyStallTimeout.isZero()) {
      throw new IllegalArgumentException("--body-stall-timeout must be positive");
    }
    if (warmUp.isNegative()) {
      throw new IllegalArgumentException("--warm-up must be 0 or more");
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException("--max-connections must be 1 or more");
    }
    if (maxConnectionInflightBytes < maxBodyBytes || maxConnectionInflightBytes > maxInflightBytes) {
      throw new IllegalArgumentException(
          "--max-connection-inflight-bytes must be at least --max-body-bytes and at most --max-inflight-bytes");
    }
    if (maxFindings < 0) {
      throw new IllegalArgumentException("--max-findings must be 0 or more");
    }
    if (maxReadingBytes < 1) {
      throw new IllegalArgumentException("--max-reading-bytes must be 1 or more");
    }
    if (maxWaiting < 0) {
      throw new IllegalArgumentException("--max-waiting must be 0 or more");
    }
    if (eventLoops < 1) {
      throw new IllegalArgumentException("--event-loops must be 1 or more");
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
        DEFAULT_CRD_SYNC_WAIT, DEFAULT_BODY_STALL_TIMEOUT, DEFAULT_MAX_CONNECTIONS,
        defaultMaxInflightBytes(DEFAULT_MAX_BODY), DEFAULT_MAX_FINDINGS,
        defaultMaxReadingBytes(DEFAULT_MAX_BODY, defaultMaxInflightBytes(DEFAULT_MAX_BODY)), DEFAULT_MAX_WAITING,
        defaultEventLoops(), Duration.ZERO);
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

  /** Bounds the bytes held for requests; a connection may hold all of them. */
  public WebhookOptions withMaxInflightBytes(long bytes) {
    return with(b -> {
      b.maxInflightBytes = bytes;
      b.maxConnectionInflightBytes = bytes;
    });
  }

  /** Bounds the bytes held for requests, and those one connection's requests may hold. */
  public WebhookOptions withMaxInflightBytes(long bytes, long perConnection) {
    return with(b -> {
      b.maxInflightBytes = bytes;
      b.maxConnectionInflightBytes = perConnection;
    });
  }

  public WebhookOptions withBodyStallTimeout(Duration stall) {
    return with(b -> b.bodyStallTimeout = stall);
  }

  public WebhookOptions withMaxConnections(int connections) {
    return with(b -> b.maxConnections = connections);
  }

  public WebhookOptions withMaxFindings(int findings) {
    return with(b -> b.maxFindings = findings);
  }

  /** Reads bodies declaring at most {@code bytes} together at once; at most {@code waiting} wait unread. */
  public WebhookOptions withReadQueue(long bytes, int waiting) {
    return with(b -> {
      b.maxReadingBytes = bytes;
      b.maxWaiting = waiting;
    });
  }

  /** Decides the webhook's own sample reviews for this long after the rules load, before it is ready. */
  public WebhookOptions withWarmUp(Duration warmUp) {
    return with(b -> b.warmUp = warmUp);
  }

  /** Serves the admission port on this many event loops. */
  public WebhookOptions withEventLoops(int loops) {
    return with(b -> b.eventLoops = loops);
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
    Duration bodyStallTimeout;
    int maxConnections;
    long maxConnectionInflightBytes;
    int maxFindings;
    long maxReadingBytes;
    int maxWaiting;
    int eventLoops;
    Duration warmUp;

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
      bodyStallTimeout = o.bodyStallTimeout;
      maxConnections = o.maxConnections;
      maxConnectionInflightBytes = o.maxConnectionInflightBytes;
      maxFindings = o.maxFindings;
      maxReadingBytes = o.maxReadingBytes;
      maxWaiting = o.maxWaiting;
      eventLoops = o.eventLoops;
      warmUp = o.warmUp;
    }

    WebhookOptions build() {
      return new WebhookOptions(host, port, tlsCert, tlsKey, selfSigned, clientCa, mode, config, maxBodyBytes,
          deadline, reloadInterval, shutdownGrace, managedCertificates, inlineMaxBytes, probePort, readTimeout, idleTimeout,
          maxInflightBytes, kubeconfig, clusterCrds, crdSyncWait, bodyStallTimeout, maxConnections,
          maxConnectionInflightBytes, maxFindings, maxReadingBytes, maxWaiting, eventLoops, warmUp);
    }
  }
}
