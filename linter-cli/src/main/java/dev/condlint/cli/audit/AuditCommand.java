package dev.condlint.cli.audit;

import dev.condlint.cli.audit.cluster.ClusterAudit;
import dev.condlint.cli.common.ClusterScopeOptions;
import dev.condlint.cli.common.ConfigOption;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.EngineOptions;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.HelpFooter;
import dev.condlint.cli.common.ReportOptions;
import dev.condlint.cli.common.RequestTimeout;
import dev.condlint.cli.common.Usage;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.report.ArtifactPaths;
import dev.condlint.cli.report.LintReport;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.rules.catalogue.Ruleset;
import java.nio.file.Path;
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

  @Mixin ClusterScopeOptions scope;

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
    Optional<String> refusal = report.outputRefusal(cwd, configured.get().configPath(), List.of());
    if (refusal.isPresent()) {
      return error(refusal.get());
    }
    if (report.output != null) {
      if (save != null && cwd.resolve(report.output).toAbsolutePath().normalize()
          .startsWith(cwd.resolve(save).toAbsolutePath().normalize())) {
        return error("--output " + report.output + " is inside --save " + save
            + "; condlint lint would read the report as an object");
      }
    }
    ClusterAudit.Settings settings = new ClusterAudit.Settings(scope.kubeconfig(), scope.context(), scope.namespace(),
        scope.selector(), scope.kinds(), scope.excludeKinds(), chunkSize, concurrency, timeout, Optional.ofNullable(save),
        progress != null ? progress : env.errIsTerminal());
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
    scope.check(spec);
    if (chunkSize < 1) {
      throw Usage.error(spec, "--chunk-size: must be at least 1, not " + chunkSize);
    }
    if (concurrency < 1) {
      throw Usage.error(spec, "--concurrency: must be at least 1, not " + concurrency);
    }
  }

  private Duration timeout() {
    return RequestTimeout.parse(spec, requestTimeout);
  }
}
