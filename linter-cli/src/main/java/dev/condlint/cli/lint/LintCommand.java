package dev.condlint.cli.lint;

import dev.condlint.cli.common.ConfigOption;
import dev.condlint.cli.common.CrdDiscoveryOption;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.SchemaLocationOption;
import dev.condlint.cli.common.EngineOptions;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.HelpFooter;
import dev.condlint.cli.common.NestedOption;
import dev.condlint.cli.common.ReportOptions;
import dev.condlint.cli.common.Usage;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.input.HelmTemplate;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputFiles;
import dev.condlint.cli.input.SchemaLocations;
import dev.condlint.cli.report.FileReport;
import dev.condlint.cli.report.ArtifactPaths;
import dev.condlint.cli.report.LintReport;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.engine.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code condlint lint [PATH...]}: lints files, directories and standard input. */
@Command(
    name = "lint",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Lints the status conditions of the Kubernetes objects in YAML and JSON files.",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:nothing at or above the --fail-on threshold",
      "1:findings at or above the threshold",
      "2:a usage error, or input that could not be read or parsed"
    })
public final class LintCommand implements Callable<Integer> {
  private static final String SAMPLE_CRD_MISSING = "sample-crd-missing";

  private final Environment env;
  private final Ruleset ruleset;

  private CommandSpec spec;

  @Parameters(
      paramLabel = "PATH",
      arity = "0..*",
      description = "Files, directories (searched for .yaml, .yml and .json) or - for standard input."
          + " Default: the current directory.")
  List<String> paths = new ArrayList<>();

  @Mixin ReportOptions report;

  @Option(
      names = "--sarif-root",
      paramLabel = "DIR",
      description = "The directory that sarif and github output name files relative to. Default: the git work"
          + " tree that holds the working directory, else the working directory.")
  Path sarifRoot;

  @Mixin EngineOptions engineOptions;

  @Option(
      names = "--crds",
      paramLabel = "DIR",
      description = "A file or folder of CRDs to check custom resources against (repeatable); their own"
          + " findings are not reported.")
  List<String> crds = new ArrayList<>();

  @Mixin SchemaLocationOption schemaLocations;

  @Mixin CrdDiscoveryOption crdDiscovery;

  @Option(
      names = "--require-crds",
      description = "Report custom resources whose CRD is in neither the inputs nor --crds (rule sample-crd-missing).")
  boolean requireCrds;

  @Option(
      names = {"-j", "--jobs"},
      paramLabel = "N",
      description = "Lint N files at a time. Default: one per available processor. The output order does not"
          + " depend on it.")
  Integer jobs;

  @Option(
      names = "--helm",
      description = "Render each Helm chart (a folder with Chart.yaml) the directory walk finds with `helm template`"
          + " (helm must be on PATH) and lint what its templates render to. Without it, chart templates are"
          + " skipped.")
  boolean helm;

  @Mixin NestedOption nested;

  @Mixin DebugOption debug;

  public LintCommand(Environment env, Ruleset ruleset) {
    this.env = env;
    this.ruleset = ruleset;
  }

  /** Also ends the help with the profiles, listed from the profiles themselves, and examples. */
  @Spec
  void spec(CommandSpec commandSpec) {
    this.spec = commandSpec;
    commandSpec.usageMessage().footer(HelpFooter.lint(ruleset.profiles()));
  }

  @Override
  public Integer call() {
    checkFlags();
    Optional<SchemaLocationOption.Located> located = schemaLocations.locate(spec, env,
        engineOptions.configure(env, ruleset, requireCrds ? List.of(SAMPLE_CRD_MISSING) : List.of()));
    if (located.isEmpty()) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    ConfigOption.Configured configured = located.get().configured();
    SchemaLocations locations = located.get().locations();
    Engine engine = located.get().engine();
    Optional<Instant> reference = engineOptions.referenceTime(env, engine.config(), false);
    Path cwd = env.workingDirectory();
    var files = new InputFiles(cwd, configured.excludeBase(cwd), engine.config().exclude());
    if (helm) {
      files.renderingCharts(HelmTemplate.onPath(env.variable("PATH"))
          .orElseThrow(() -> Usage.error(spec, "--helm: no helm on PATH; install helm or lint without --helm")));
    }
    List<Input> inputs = files.expand(InputFiles.orWorkingDirectory(paths));
    List<Input> crdInputs = files.expand(crds);
    files.assertionsLeftOutNote("lint").ifPresent(env.err()::println);
    List<Input> read = new ArrayList<>(inputs);
    read.addAll(crdInputs);
    Optional<String> refusal = report.outputRefusal(cwd, configured.configPath(), read);
    if (refusal.isPresent()) {
      env.err().println("condlint: error: " + TerminalText.escape(refusal.get()));
      return ExitCodes.USAGE_OR_INPUT;
    }
    Linter linter = new Linter(engine, env.stdin(), reference, jobs(), files.skipped(),
        nested.on(engine.config()), crdDiscovery.settings(env, engine.config()));
    LintReport linted = withErrorsOf(locations, linter.lint(inputs, crdInputs));
    files.skipped().note("lint").ifPresent(note -> env.err().println(TerminalText.escape(note)));
    linter.discovery().ifPresent(d -> crdDiscovery.printNotes(env, d));
    Path root = sarifRoot != null ? cwd.resolve(sarifRoot) : ArtifactPaths.defaultRoot(cwd);
    if (!report.write(linted, env, ruleset.registry(), new ArtifactPaths(cwd, root))) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    return report.exitCode(linted);
  }

  /** The run's report with one error for each schema location that could not be read. */
  private static LintReport withErrorsOf(SchemaLocations locations, LintReport linted) {
    if (locations.errors().isEmpty()) {
      return linted;
    }
    return linted.withRunErrors(locations.errors().stream()
        .map(e -> new FileReport(e.file(), 0, 0, java.util.Map.of(), List.of(), List.of(e))).toList());
  }

  private int jobs() {
    return jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
  }

  private void checkFlags() {
    report.check();
    if (sarifRoot != null && !Files.isDirectory(env.workingDirectory().resolve(sarifRoot))) {
      throw Usage.error(spec, "--sarif-root: '" + sarifRoot + "' is not a directory");
    }
    if (jobs != null && jobs < 1) {
      throw Usage.error(spec, "--jobs: must be at least 1, not " + jobs);
    }
    engineOptions.check(ruleset);
  }
}
