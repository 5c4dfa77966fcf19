package dev.condlint.cli.monitor;

import dev.condlint.cli.common.ClusterScopeOptions;
import dev.condlint.cli.common.ConfigOption;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.EngineOptions;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.Usage;
import dev.condlint.cli.common.Version;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.catalogue.Ruleset;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code condlint monitor}: watches a live cluster, read-only, and serves its condition health until
 * SIGTERM. The command checks its flags and hands plain values to {@link ClusterMonitor}, so that the
 * cluster code (fabric8, Vert.x, Netty, Micrometer) loads when the monitor runs, and neither for
 * {@code lint} nor for the help.
 */
@Command(
    name = "monitor",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Watches the live objects of a cluster, read-only, and serves their condition health until"
        + " SIGTERM: Prometheus metrics, the stuck objects and their causes, and OpenReports if asked.",
    footer = {
      "",
      "Examples:",
      "  condlint monitor                                 every object with a status; metrics on :8080",
      "  condlint monitor --metrics-address 127.0.0.1:9090 --kinds '*.fluxcd.io/*'",
      "  condlint monitor --shard 0 --total-shards 3      one of three replicas",
      "  condlint monitor --reports openreports           ... and a Report per namespace",
      "  curl -s localhost:8080/stuck                     the stuck objects, their causes and writers",
      "",
      "Endpoints: /metrics (Prometheus text), /healthz, /readyz (ready once every watched resource has",
      "listed), /stuck (JSON). Metrics, alerts and sizing: docs/monitor.md."
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "143:stopped by SIGTERM (the monitor runs until then)",
      "2:a usage error, a kubeconfig that cannot be read, or an address that cannot be listened on"
    })
public final class MonitorCommand implements Callable<Integer> {
  static final int DEFAULT_CHUNK_SIZE = 500;

  /** What {@code --reports} can write. */
  enum Reports { OPENREPORTS }

  private final Environment env;
  private final Ruleset ruleset;

  @Spec CommandSpec spec;

  @Mixin ClusterScopeOptions scope;

  @Option(names = "--chunk-size", paramLabel = "N",
      description = "Objects per list request. Default: " + DEFAULT_CHUNK_SIZE + ".")
  int chunkSize = DEFAULT_CHUNK_SIZE;

  @Option(names = "--request-timeout", paramLabel = "DURATION",
      description = "How long a discovery request may wait for its answer before it is tried again. Default: 30s.")
  String requestTimeout = "30s";

  @Option(names = "--metrics-address", paramLabel = "[HOST]:PORT",
      description = "Where to serve /metrics, /healthz, /readyz and /stuck (plain HTTP). Default: :8080 (every"
          + " address). Port 0 takes a free port, which the log names.")
  String metricsAddress = ":8080";

  @Option(names = "--namespace-labels",
      description = "Give the per-kind metrics a namespace label too (more series).")
  boolean namespaceLabels;

  @Option(names = "--max-series", paramLabel = "N",
      description = "The most series one metric exports; later ones are counted in condlint_series_dropped_total."
          + " Default: 2000.")
  int maxSeries = 2000;

  @Option(names = "--top-writers", paramLabel = "N",
      description = "How many writers condlint_findings_by_writer names; the rest are 'other'. Default: 10.")
  int topWriters = 10;

  @Option(names = "--stuck-after", paramLabel = "DURATION",
      description = "How long a summary condition (Ready...) may be False or Unknown before the object is stuck."
          + " Default: 15m. A generation not observed is stuck after the pickup deadline of"
          + " pickup-deadline-exceeded (5m unless configured).")
  String stuckAfter = "15m";

  @Option(names = "--shard", paramLabel = "N", description = "This replica's shard, from 0. Default: 0.")
  int shard;

  @Option(names = "--total-shards", paramLabel = "M",
      description = "How many replicas share the objects, split by uid as kube-state-metrics does. Default: 1.")
  int totalShards = 1;

  @Option(names = "--reports", paramLabel = "KIND",
      description = "Also write reports: openreports (openreports.io/v1alpha1 Report per namespace,"
          + " ClusterReport; needs their CRDs).")
  Reports reports;

  @Option(names = "--report-interval", paramLabel = "DURATION",
      description = "How often the reports of namespaces whose findings changed are written. Default: 30s.")
  String reportInterval = "30s";

  @Option(names = "--report-max-results", paramLabel = "N",
      description = "The most results one report holds (errors first). Default: 500.")
  int reportMaxResults = 500;

  @Option(names = "--report-writes-per-second", paramLabel = "N",
      description = "The most report writes a second. Default: 1.")
  double reportWritesPerSecond = 1;

  @Option(names = "--crd-sync-wait", paramLabel = "DURATION",
      description = "How long to wait for the first list of the cluster's CRDs before judging custom resources"
          + " without those not yet listed. Default: 30s.")
  String crdSyncWait = "30s";

  @Mixin EngineOptions engineOptions;

  @Mixin DebugOption debug;

  public MonitorCommand(Environment env, Ruleset ruleset) {
    this.env = env;
    this.ruleset = ruleset;
  }

  @Override
  public Integer call() {
    Instant start = engineOptions.referenceTime(env);
    MonitorSettings settings = settings(start);
    engineOptions.check(ruleset);
    Optional<ConfigOption.Configured> configured = engineOptions.configure(env, ruleset, List.of());
    if (configured.isEmpty()) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    return ClusterMonitor.run(settings, configured.get().engine(), env.clock(), env.workingDirectory(), env.err());
  }

  /** The flags as plain values; a usage error naming the first that makes no sense. */
  private MonitorSettings settings(Instant start) {
    scope.check(spec);
    atLeast("--chunk-size", chunkSize, 1);
    atLeast("--max-series", maxSeries, 1);
    atLeast("--top-writers", topWriters, 0);
    atLeast("--total-shards", totalShards, 1);
    atLeast("--report-max-results", reportMaxResults, 1);
    if (shard < 0 || shard >= totalShards) {
      throw Usage.error(spec, "--shard: must be from 0 to " + (totalShards - 1) + " (--total-shards " + totalShards
          + "), not " + shard);
    }
    if (!(reportWritesPerSecond > 0)) {
      throw Usage.error(spec, "--report-writes-per-second: must be more than 0, not " + reportWritesPerSecond);
    }
    Address address = address();
    return new MonitorSettings(scope.kubeconfig(), scope.context(), scope.namespace(), scope.selector(), scope.kinds(),
        scope.excludeKinds(), chunkSize,
        duration("--request-timeout", requestTimeout), address.host(), address.port(), namespaceLabels, maxSeries,
        topWriters, duration("--stuck-after", stuckAfter), shard, totalShards, reports == Reports.OPENREPORTS,
        duration("--report-interval", reportInterval), reportMaxResults, reportWritesPerSecond,
        duration("--crd-sync-wait", crdSyncWait), start);
  }

  private void atLeast(String flag, int value, int min) {
    if (value < min) {
      throw Usage.error(spec, flag + ": must be at least " + min + ", not " + value);
    }
  }

  private Duration duration(String flag, String text) {
    Duration d;
    try {
      d = GoDuration.parseFlag(text);
    } catch (IllegalArgumentException e) {
      throw Usage.error(spec, flag + ": " + e.getMessage());
    }
    if (d.isZero() || d.isNegative()) {
      throw Usage.error(spec, flag + ": must be more than 0, not " + text);
    }
    return d;
  }

  private record Address(String host, int port) {}

  /** {@code :8080}, {@code 127.0.0.1:9090}, {@code [::1]:8080}: an empty host is every address. */
  private Address address() {
    int colon = metricsAddress.lastIndexOf(':');
    String problem = "--metrics-address: '" + metricsAddress + "' is not [HOST]:PORT such as :8080 or 127.0.0.1:9090";
    if (colon < 0) {
      throw Usage.error(spec, problem);
    }
    String host = metricsAddress.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(metricsAddress.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw Usage.error(spec, problem);
    }
    if (port < 0 || port > 65535) {
      throw Usage.error(spec, "--metrics-address: port " + port + " is not from 0 to 65535");
    }
    return new Address(host.isEmpty() ? "0.0.0.0" : host, port);
  }
}
