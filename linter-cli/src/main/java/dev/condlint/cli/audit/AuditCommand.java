package dev.condlint.cli.audit;

import dev.condlint.cli.audit.cluster.ClusterAudit;
import dev.condlint.cli.common.ConfigOption;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.EngineOptions;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.HelpFooter;
import dev.condlint.cli.common.OutputFile;
import dev.condlint.cli.common.ReportOptions;
import dev.condlint.cli.common.Usage;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.report.ArtifactPaths;
import dev.condlint.cli.report.LintReport;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cluster.KindFilter;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.catalogue.Ruleset;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code condlint audit}: lints the live objects of a cluster, read-only. The command checks its flags
 * and hands plain values to {@link ClusterAudit}, so that the cluster code (fabric8, Vert.x, Netty) loads
 * when an audit runs, and neither for {@code lint} nor for the help.
 */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Lints the status conditions of the live objects of a cluster, read-only, and names the"
        + " controller that wrote each finding's field.",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:nothing at or above the --fail-on threshold",
      "1:findings at or above the threshold",
      "2:a usage error, or a cluster or resource that could not be read"
    })
public final class AuditCommand implements Callable<Integer> {
  static final int DEFAULT_CHUNK_SIZE = 500;
  static final int DEFAULT_CONCURRENCY = 4;

  private final Environment env;
  private final Ruleset ruleset;

  private CommandSpec spec;

  @Option(names = "--kubeconfig", paramLabel = "FILE",
      description = "The kubeconfig file. Default: as kubectl, the files of KUBECONFIG, else ~/.kube/config, else"
          + " the pod's service account.")
  Path kubeconfig;

  @Option(names = "--context", paramLabel = "NAME", description = "The kubeconfig context. Default: its current one.")
  String context;

  @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
      description = "Audit this namespace only (and leave out cluster-scoped objects). Default: every namespace.")
  String namespace;

  @Option(names = {"-A", "--all-namespaces"},
      description = "Audit every namespace and the cluster-scoped objects (the default; as kubectl's -A).")
  boolean allNamespaces;

  @Option(names = {"-l", "--selector"}, paramLabel = "SELECTOR",
      description = "Audit only objects with these labels, as kubectl's -l (app=web,tier!=db). CRDs are read as"
          + " contracts whatever their labels.")
  String selector;

  @Option(names = "--kinds", paramLabel = "PATTERN", split = ",",
      description = "Audit only these kinds (repeatable, comma-separated): Deployment, apps/Deployment,"
          + " deployments.apps, core/Pod, '*.fluxcd.io/*'. Default: every kind with a status.")
  List<String> kinds = new ArrayList<>();

  @Option(names = "--exclude-kinds", paramLabel = "PATTERN", split = ",",
      description = "Leave out these kinds (repeatable, comma-separated; patterns as --kinds).")
  List<String> excludeKinds = new ArrayList<>();

  @Option(names = "--chunk-size", paramLabel = "N",
      description = "Objects per list request (limit and continue, as kubectl's --chunk-size). Default: "
          + DEFAULT_CHUNK_SIZE + ".")
  int chunkSize = DEFAULT_CHUNK_SIZE;

  @Option(names = "--concurrency", paramLabel = "N",
      description = "Resources listed at a time. Default: " + DEFAULT_CONCURRENCY + ".")
  int concurrency = DEFAULT_CONCURRENCY;

  @Option(names = "--request-timeout", paramLabel = "DURATION",
      description = "How long a request may wait for its answer to start, or an answer pause, before it is tried"
          + " again (10s, 1m). Default: 30s.")
  String requestTimeout = "30s";

  @Option(names = "--save", paramLabel = "DIR",
      description = "Also write every object read to DIR (new or empty), one YAML file each, so that"
          + " condlint lint DIR re-runs the audit offline.")
  Path save;

  @Option(names = "--progress", negatable = true,
      description = "Show the progress on standard error (--no-progress: never). Default: when it is a terminal.")
  Boolean progress;

  @Mixin ReportOptions report;

  @Mixin EngineOptions engineOptions;

  @Mixin DebugOption debug;

  public AuditCommand(Environment env, Ruleset ruleset) {
    this.env = env;
    this.ruleset = ruleset;
  }

  /** Also ends the help with examples. */
  @Spec
  void spec(CommandSpec commandSpec) {
    this.spec = commandSpec;
    commandSpec.usageMessage().footer(HelpFooter.audit());
  }

  @Override
  public Integer call() {
    checkReading();
    Duration timeout = timeout();
    report.check();
    engineOptions.check(ruleset);
    Optional<ConfigOption.Configured> configured = engineOptions.configure(env, ruleset, List.of());
    if (configured.isEmpty()) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    Path cwd = env.workingDirectory();
    if (report.output != null) {
      Optional<String> refusal = OutputFile.refusal(cwd.resolve(report.output), report.output.toString(),
          configured.get().configPath(), List.of());
      if (refusal.isPresent()) {
        return error(refusal.get());
      }
      if (save != null && cwd.resolve(report.output).toAbsolutePath().normalize()
          .startsWith(cwd.resolve(save).toAbsolutePath().normalize())) {
        return error("--output " + report.output + " is inside --save " + save
            + "; condlint lint would read the report as an object");
      }
    }
    ClusterAudit.Settings settings = new ClusterAudit.Settings(Optional.ofNullable(kubeconfig),
        Optional.ofNullable(context), Optional.ofNullable(namespace), Optional.ofNullable(selector), kinds, excludeKinds,
        chunkSize, concurrency, timeout, Optional.ofNullable(save), progress != null ? progress : env.errIsTerminal());
    Instant reference = engineOptions.referenceTime(env, configured.get().engine().config(), true).orElseThrow();
    Optional<LintReport> audited = ClusterAudit.run(settings, configured.get().engine(), reference, cwd, env.err());
    if (audited.isEmpty() || !report.write(audited.get(), env, ruleset.registry(), new ArtifactPaths(cwd, cwd))) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    return report.exitCode(audited.get());
  }

  private int error(String message) {
    env.err().println(TerminalText.escape("condlint: error: " + message));
    return ExitCodes.USAGE_OR_INPUT;
  }

  /** A usage error for a flag of what to read that makes no sense. */
  private void checkReading() {
    if (namespace != null && allNamespaces) {
      throw Usage.error(spec, "--namespace and --all-namespaces exclude each other");
    }
    if (namespace != null && namespace.isBlank()) {
      throw Usage.error(spec, "--namespace: a namespace name, not an empty one");
    }
    if (chunkSize < 1) {
      throw Usage.error(spec, "--chunk-size: must be at least 1, not " + chunkSize);
    }
    if (concurrency < 1) {
      throw Usage.error(spec, "--concurrency: must be at least 1, not " + concurrency);
    }
    checkKinds("--kinds", kinds);
    checkKinds("--exclude-kinds", excludeKinds);
  }

  private void checkKinds(String flag, List<String> patterns) {
    try {
      KindFilter.of(patterns, List.of());
    } catch (IllegalArgumentException e) {
      throw Usage.error(spec, flag + ": " + e.getMessage());
    }
  }

  private Duration timeout() {
    Duration d;
    try {
      d = GoDuration.parseFlag(requestTimeout);
    } catch (IllegalArgumentException e) {
      throw Usage.error(spec, "--request-timeout: " + e.getMessage());
    }
    if (d.isZero() || d.isNegative()) {
      throw Usage.error(spec, "--request-timeout: must be more than 0, not " + requestTimeout);
    }
    return d;
  }
}
