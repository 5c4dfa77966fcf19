package dev.condlint.webhook;

import dev.condlint.admission.AdmissionMode;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.catalogue.Ruleset;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code condlint-webhook}: serves the validating admission webhook until SIGTERM. */
@Command(name = "condlint-webhook", mixinStandardHelpOptions = true, version = "condlint-webhook 0.1.0",
    description = "Validating admission webhook that checks status conditions. Every option also reads"
        + " an environment variable (shown in brackets).")
public final class Main implements Callable<Integer> {
  // Every line the process writes is one JSON object on stdout, errors included; --help and --version,
  // asked for by a person, are text.
  private static final JsonLog LOG = new JsonLog(System.out, Clock.systemUTC());

  @Option(names = "--host", defaultValue = "${env:CONDLINT_HOST:-0.0.0.0}", description = "Address to bind [CONDLINT_HOST] (default: ${DEFAULT-VALUE}).")
  String host;

  @Option(names = "--port", defaultValue = "${env:CONDLINT_PORT:-8443}", description = "HTTPS port [CONDLINT_PORT] (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--probe-port", defaultValue = "${env:CONDLINT_PROBE_PORT:-" + WebhookOptions.DEFAULT_PROBE_PORT + "}", description = "Plain-HTTP port of /healthz, /readyz and /metrics, without TLS or client certificates, for the kubelet and Prometheus [CONDLINT_PROBE_PORT] (default: ${DEFAULT-VALUE}).")
  int probePort;

  @Option(names = "--tls-cert", defaultValue = "${env:CONDLINT_TLS_CERT}", description = "Serving certificate chain, PEM [CONDLINT_TLS_CERT]; reloaded when it changes.")
  Path tlsCert;

  @Option(names = "--tls-key", defaultValue = "${env:CONDLINT_TLS_KEY}", description = "Its private key, PEM [CONDLINT_TLS_KEY].")
  Path tlsKey;

  @Option(names = "--self-signed", defaultValue = "${env:CONDLINT_SELF_SIGNED:-false}", description = "Serve an in-memory self-signed certificate for localhost (local runs) [CONDLINT_SELF_SIGNED].")
  boolean selfSigned;

  @Option(names = "--manage-certs", defaultValue = "${env:CONDLINT_MANAGE_CERTS:-false}", description = "Create, renew and"
      + " inject the certificates itself: keep them in the --tls-secret, put the CA bundle into the --webhook-config,"
      + " check every --cert-check-interval; safe with any number of replicas [CONDLINT_MANAGE_CERTS].")
  boolean manageCerts;

  @Option(names = "--service", defaultValue = "${env:CONDLINT_SERVICE:-condlint-webhook}", description = "With --manage-certs: the webhook's Service, named in the certificate [CONDLINT_SERVICE] (default: ${DEFAULT-VALUE}).")
  String service;

  @Option(names = "--namespace", defaultValue = "${env:POD_NAMESPACE:-condlint}", description = "With --manage-certs: the namespace of the Service and the Secret [POD_NAMESPACE] (default: ${DEFAULT-VALUE}).")
  String namespace;

  @Option(names = "--tls-secret", defaultValue = "${env:CONDLINT_TLS_SECRET:-condlint-webhook-tls}", description = "With --manage-certs: the Secret holding the certificates [CONDLINT_TLS_SECRET] (default: ${DEFAULT-VALUE}).")
  String tlsSecret;

  @Option(names = "--webhook-config", defaultValue = "${env:CONDLINT_WEBHOOK_CONFIG:-condlint}", description = "With --manage-certs: the ValidatingWebhookConfiguration to inject the CA bundle into [CONDLINT_WEBHOOK_CONFIG] (default: ${DEFAULT-VALUE}).")
  String webhookConfig;

  @Option(names = "--cert-check-interval", defaultValue = "${env:CONDLINT_CERT_CHECK_INTERVAL:-1h}", description = "With --manage-certs: how often the certificates are checked and renewed when due [CONDLINT_CERT_CHECK_INTERVAL] (default: ${DEFAULT-VALUE}).")
  String certCheckInterval;

  @Option(names = "--client-ca", defaultValue = "${env:CONDLINT_CLIENT_CA}", description = "Require client certificates signed by this CA, PEM [CONDLINT_CLIENT_CA].")
  Path clientCa;

  @Option(names = "--mode", defaultValue = "${env:CONDLINT_MODE:-warn}", description = "enforce, warn or audit [CONDLINT_MODE] (default: ${DEFAULT-VALUE}).")
  String mode;

  @Option(names = "--config", defaultValue = "${env:CONDLINT_CONFIG}", description = "The .condlint.yaml to apply [CONDLINT_CONFIG]; reloaded when it changes.")
  Path config;

  @Option(names = "--max-body-bytes", defaultValue = "${env:CONDLINT_MAX_BODY_BYTES:-" + WebhookOptions.DEFAULT_MAX_BODY + "}", description = "Largest request body; larger ones get 413 [CONDLINT_MAX_BODY_BYTES] (default: ${DEFAULT-VALUE}).")
  long maxBodyBytes;

  @Option(names = "--max-inflight-bytes", defaultValue = "${env:CONDLINT_MAX_INFLIGHT_BYTES:-auto}", description = "Most bytes held for requests at once: bodies as they arrive, then their decoded objects until their evaluation stops. A review beyond them is not checked: it gets 503 and the webhook's failurePolicy decides. auto: half of the JVM's largest heap, at least --max-body-bytes [CONDLINT_MAX_INFLIGHT_BYTES] (default: ${DEFAULT-VALUE}).")
  String maxInflightBytes;

  @Option(names = "--max-connection-inflight-bytes", defaultValue = "${env:CONDLINT_MAX_CONNECTION_INFLIGHT_BYTES:-auto}", description = "Most of --max-inflight-bytes that the requests of one connection may hold; besides, at the bound the connection holding the most gives way to the others. auto: all of --max-inflight-bytes [CONDLINT_MAX_CONNECTION_INFLIGHT_BYTES] (default: ${DEFAULT-VALUE}).")
  String maxConnectionInflightBytes;

  @Option(names = "--max-reading-bytes", defaultValue = "${env:CONDLINT_MAX_READING_BYTES:-auto}", description = "Most bytes the bodies read at once may declare together (Content-Length, else --max-body-bytes); other requests wait unread, in arrival order, and one body is read whatever its size when none is. auto: an eighth of --max-inflight-bytes, at least --max-body-bytes [CONDLINT_MAX_READING_BYTES] (default: ${DEFAULT-VALUE}).")
  String maxReadingBytes;

  @Option(names = "--max-waiting", defaultValue = "${env:CONDLINT_MAX_WAITING:-" + WebhookOptions.DEFAULT_MAX_WAITING + "}", description = "Most requests that wait unread for their body to be read; another, or one whose turn would come too late to read it within --read-timeout, is not checked (503, the failurePolicy decides) [CONDLINT_MAX_WAITING] (default: ${DEFAULT-VALUE}).")
  int maxWaiting;

  @Option(names = "--event-loops", defaultValue = "${env:CONDLINT_EVENT_LOOPS:-auto}", description = "How many event loops (threads) serve the admission port, each with its own server on the shared port; connections are spread over them as they are accepted. auto: one per CPU the container may use [CONDLINT_EVENT_LOOPS] (default: ${DEFAULT-VALUE}).")
  String eventLoops;

  @Option(names = "--body-stall-timeout", defaultValue = "${env:CONDLINT_BODY_STALL_TIMEOUT:-2s}", description = "A body whose connection sends no byte of a body for this long loses what it holds and gets 408 [CONDLINT_BODY_STALL_TIMEOUT] (default: ${DEFAULT-VALUE}).")
  String bodyStallTimeout;

  @Option(names = "--max-connections", defaultValue = "${env:CONDLINT_MAX_CONNECTIONS:-" + WebhookOptions.DEFAULT_MAX_CONNECTIONS + "}", description = "Most connections each port keeps open; more are closed as they are accepted [CONDLINT_MAX_CONNECTIONS] (default: ${DEFAULT-VALUE}).")
  int maxConnections;

  @Option(names = "--max-findings", defaultValue = "${env:CONDLINT_MAX_FINDINGS:-" + WebhookOptions.DEFAULT_MAX_FINDINGS + "}", description = "Most findings the rules may report for one request; past them it is not checked (503, the failurePolicy decides) [CONDLINT_MAX_FINDINGS] (default: ${DEFAULT-VALUE}).")
  int maxFindings;

  @Option(names = "--inline-max-bytes", defaultValue = "${env:CONDLINT_INLINE_MAX_BYTES:-" + WebhookOptions.DEFAULT_INLINE_MAX_BYTES + "}", description = "Bodies up to this size are decided on the event loop, larger ones on the worker pool; 0 sends every body to the pool [CONDLINT_INLINE_MAX_BYTES] (default: ${DEFAULT-VALUE}).")
  long inlineMaxBytes;

  @Option(names = "--deadline", defaultValue = "${env:CONDLINT_DEADLINE:-2s}", description = "Time per request before it is allowed unchecked; keep it below the webhook's timeoutSeconds [CONDLINT_DEADLINE] (default: ${DEFAULT-VALUE}).")
  String deadline;

  @Option(names = "--shutdown-grace", defaultValue = "${env:CONDLINT_SHUTDOWN_GRACE:-20s}", description = "How long SIGTERM waits for requests in flight [CONDLINT_SHUTDOWN_GRACE] (default: ${DEFAULT-VALUE}).")
  String shutdownGrace;

  @Option(names = "--read-timeout", defaultValue = "${env:CONDLINT_READ_TIMEOUT:-10s}", description = "A new connection that has not sent a whole request's headers within this is closed (slow clients holding connections), and a body that has not arrived whole within this of its headers gets 408, on both ports [CONDLINT_READ_TIMEOUT] (default: ${DEFAULT-VALUE}).")
  String readTimeout;

  @Option(names = "--idle-timeout", defaultValue = "${env:CONDLINT_IDLE_TIMEOUT:-60s}", description = "A connection with no request in progress for this long is closed, on both ports; HTTP/2 ones with a GOAWAY [CONDLINT_IDLE_TIMEOUT] (default: ${DEFAULT-VALUE}).")
  String idleTimeout;

  @Option(names = "--kubeconfig", defaultValue = "${env:CONDLINT_KUBECONFIG}", description = "The cluster to connect to, for"
      + " --cluster-crds and --manage-certs; without it, the pod's service account (or KUBECONFIG, ~/.kube/config) [CONDLINT_KUBECONFIG].")
  Path kubeconfig;

  @Option(names = "--cluster-crds", defaultValue = "${env:CONDLINT_CLUSTER_CRDS:-auto}", description = "auto: judge custom"
      + " resources by the cluster's CRDs, kept current by a watch, when running in a pod or given --kubeconfig; off:"
      + " never [CONDLINT_CLUSTER_CRDS] (default: ${DEFAULT-VALUE}).")
  String clusterCrds;

  @Option(names = "--crd-sync-wait", defaultValue = "${env:CONDLINT_CRD_SYNC_WAIT:-30s}", description = "How long /readyz"
      + " waits for the first list of the cluster's CRDs before it answers ready without them [CONDLINT_CRD_SYNC_WAIT]"
      + " (default: ${DEFAULT-VALUE}).")
  String crdSyncWait;

  @Option(names = "--warm-up", defaultValue = "${env:CONDLINT_WARM_UP:-0s}", description = "How long, after the rules"
      + " load, the webhook decides its own sample reviews before /readyz answers ready, so that the API server's first"
      + " reviews meet compiled code, not a cold JVM's (0s: not at all; the manifests give 10s) [CONDLINT_WARM_UP]"
      + " (default: ${DEFAULT-VALUE}).")
  String warmUp;

  @Option(names = "--reload-interval", defaultValue = "${env:CONDLINT_RELOAD_INTERVAL:-2s}", description = "How often the certificate and config files are checked [CONDLINT_RELOAD_INTERVAL] (default: ${DEFAULT-VALUE}).")
  String reloadInterval;

  public static void main(String[] args) {
    TlsPolicy.refuseRenegotiation();
    // Vert.x would log through slf4j-nop (present for the rule engine's dependencies) and lose its errors.
    System.setProperty("vertx.logger-delegate-factory-class-name", "io.vertx.core.logging.JULLogDelegateFactory");
    JulToJsonLog.install(LOG);
    Thread.setDefaultUncaughtExceptionHandler((thread, e) -> LOG.error("uncaught exception", line -> line
        .put("thread", thread.getName()).put("exception", e.getClass().getName() + ": " + e.getMessage())));
    System.exit(new CommandLine(new Main())
        .setParameterExceptionHandler((e, arguments) -> invalid(e.getMessage()))
        .setExecutionExceptionHandler((e, command, parsed) -> {
          LOG.error("failed", line -> line.put("error", e.getClass().getName() + ": " + e.getMessage()));
          return 1;
        })
        .execute(args));
  }

  /** Logs an error in the arguments; the exit status of one. */
  private static int invalid(String error) {
    LOG.error("invalid arguments", line -> line.put("error", error).put("help", "condlint-webhook --help"));
    return 2;
  }

  WebhookOptions options() {
    long inflight = maxInflightBytes.trim().equals("auto")
        ? WebhookOptions.defaultMaxInflightBytes(maxBodyBytes)
        : bytes("--max-inflight-bytes", maxInflightBytes);
    return new WebhookOptions(host, port, Optional.ofNullable(tlsCert), Optional.ofNullable(tlsKey), selfSigned,
        Optional.ofNullable(clientCa), AdmissionMode.parse(mode), Optional.ofNullable(config), maxBodyBytes,
        duration(deadline), duration(reloadInterval), duration(shutdownGrace),
        manageCerts
            ? Optional.of(new ManagedCertificates(service, namespace, tlsSecret, webhookConfig,
                duration(certCheckInterval), List.of()))
            : Optional.empty(),
        inlineMaxBytes, probePort, duration(readTimeout), duration(idleTimeout),
        inflight,
        Optional.ofNullable(kubeconfig), learnsCrds(clusterCrds, kubeconfig != null, InPod.detected()),
        duration(crdSyncWait), duration(bodyStallTimeout), maxConnections,
        maxConnectionInflightBytes.trim().equals("auto") ? inflight : bytes("--max-connection-inflight-bytes",
            maxConnectionInflightBytes),
        maxFindings,
        maxReadingBytes.trim().equals("auto") ? WebhookOptions.defaultMaxReadingBytes(maxBodyBytes, inflight)
            : bytes("--max-reading-bytes", maxReadingBytes),
        maxWaiting, eventLoops(eventLoops), duration(warmUp));
  }

  /**
   * Whether the webhook learns the cluster's CRDs: with {@code auto}, when it has cluster access of its
   * own (a pod's service account) or is given a kubeconfig. A local run ({@code --self-signed} on a
   * laptop) does not reach for whatever cluster the current kubectl context names.
   */
  static boolean learnsCrds(String setting, boolean kubeconfig, boolean inPod) {
    return switch (setting.trim()) {
      case "auto" -> kubeconfig || inPod;
      case "off" -> false;
      default -> throw new IllegalArgumentException("--cluster-crds takes auto or off: " + setting);
    };
  }

  /** {@code auto} (one per CPU) or a whole number of event loops. */
  static int eventLoops(String text) {
    if (text.trim().equals("auto")) {
      return WebhookOptions.defaultEventLoops();
    }
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--event-loops takes a number or auto: " + text);
    }
  }

  /** A count of bytes given as a whole number. */
  private static long bytes(String option, String text) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " takes a number of bytes or auto: " + text);
    }
  }

  /** A Go duration: {@code 8s}, {@code 500ms}, {@code 1m}, {@code 1h30m}. */
  static Duration duration(String text) {
    return GoDuration.parseFlag(text);
  }

  @Override
  public Integer call() throws Exception {
    WebhookOptions options;
    try {
      options = options();
    } catch (IllegalArgumentException e) {
      return invalid(e.getMessage());
    }
    Webhook webhook;
    try {
      webhook = Webhook.start(options, Ruleset.builtIn(), LOG).toCompletionStage().toCompletableFuture().get();
    } catch (java.util.concurrent.ExecutionException e) {
      // Webhook.start has logged why.
      return 1;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    // SIGTERM runs the shutdown hooks; the JVM waits for this one while requests drain.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        webhook.shutdown(options.shutdownGrace()).toCompletionStage().toCompletableFuture()
            .get(options.shutdownGrace().toMillis() + 5_000, TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        LOG.error("shutdown failed", line -> line.put("error", e.getClass().getName() + ": " + e.getMessage()));
      } finally {
        stopped.countDown();
      }
    }, "condlint-shutdown"));
    stopped.await();
    return 0;
  }
}
