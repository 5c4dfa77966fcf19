package dev.condlint.cli;

import dev.condlint.cli.input.ConfigFile;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputFiles;
import dev.condlint.cli.report.ArtifactPaths;
import dev.condlint.cli.report.Format;
import dev.condlint.cli.report.LintReport;
import dev.condlint.cli.report.ReportSettings;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cli.report.TextFormat;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.catalogue.BuiltInProfiles;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigLoader;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.ProfileNames;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
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
final class LintCommand implements Callable<Integer> {
  private static final String SAMPLE_CRD_MISSING = "sample-crd-missing";

  private final Environment env;
  private final RuleRegistry registry;

  private CommandSpec spec;

  @Parameters(
      paramLabel = "PATH",
      arity = "0..*",
      description = "Files, directories (searched for .yaml, .yml and .json) or - for standard input."
          + " Default: the current directory.")
  List<String> paths = new ArrayList<>();

  @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = CompletionCandidates.Formats.class,
      description = "text, json, sarif, junit or github. Default: text.")
  Format format = Format.TEXT;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Write the report to FILE instead of standard output (never over an input).")
  Path output;

  @Option(
      names = "--sarif-root",
      paramLabel = "DIR",
      description = "The directory that sarif and github output name files relative to. Default: the git work"
          + " tree that holds the working directory, else the working directory.")
  Path sarifRoot;

  /** {@code --quiet} or {@code --summary}, not both. */
  static final class TextDetail {
    @Option(names = {"-q", "--quiet"}, description = "Text format: print only the findings (and read errors).")
    boolean quiet;

    @Option(names = "--summary", description = "Text format: print the number of findings of each rule instead of"
        + " the findings (read errors still in full).")
    boolean summary;

    TextFormat.Detail detail() {
      return quiet ? TextFormat.Detail.FINDINGS : TextFormat.Detail.COUNTS;
    }
  }

  @ArgGroup(exclusive = true)
  TextDetail textDetail;

  @Option(
      names = "--fail-on",
      paramLabel = "LEVEL",
      completionCandidates = CompletionCandidates.FailOnLevels.class,
      description = "Exit 1 when a finding is at least this severe: error, warning, info or never. Default: error.")
  FailOn failOn = FailOn.ERROR;

  @Mixin ProfileOption profile;

  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description = "Configuration file. Default: the nearest .condlint.yaml.")
  Path config;

  @Option(names = "--enable", paramLabel = "RULE", completionCandidates = CompletionCandidates.RuleIds.class,
      description = "Turn a rule on (repeatable).")
  List<String> enable = new ArrayList<>();

  @Option(names = "--disable", paramLabel = "RULE", completionCandidates = CompletionCandidates.RuleIds.class,
      description = "Turn a rule off (repeatable).")
  List<String> disable = new ArrayList<>();

  @Option(
      names = "--crds",
      paramLabel = "DIR",
      description = "A file or folder of CRDs to check custom resources against (repeatable); their own"
          + " findings are not reported.")
  List<String> crds = new ArrayList<>();

  @Option(
      names = "--require-crds",
      description = "Report custom resources whose CRD is in neither the inputs nor --crds (rule sample-crd-missing).")
  boolean requireCrds;

  @Option(
      names = "--now",
      paramLabel = "RFC3339",
      description = "Reference time for time-based rules. Default: the clock.")
  String now;

  @Option(
      names = {"-j", "--jobs"},
      paramLabel = "N",
      description = "Lint N files at a time. Default: one per available processor. The output order does not"
          + " depend on it.")
  Integer jobs;

  @Mixin DebugOption debug;

  LintCommand(Environment env, RuleRegistry registry) {
    this.env = env;
    this.registry = registry;
  }

  /** Also ends the help with the profiles, listed from the profiles themselves, and examples. */
  @Spec
  void spec(CommandSpec commandSpec) {
    this.spec = commandSpec;
    commandSpec.usageMessage().footer(HelpFooter.lint());
  }

  @Override
  public Integer call() {
    Instant reference = referenceTime();
    checkFlags();
    Path cwd = env.workingDirectory();
    ConfigFile.Chosen chosen = ConfigFile.choose(cwd, config);
    Optional<Path> configPath = chosen.path();
    ConfigFile.Loaded loaded = chosen.loaded();
    if (!loaded.errors().isEmpty()) {
      loaded.errors().forEach(e -> env.err().println(TextFormat.line(e)));
      return ExitCodes.USAGE_OR_INPUT;
    }
    // Exclude globs are relative to the directory of the file that declares them.
    Path excludeBase = configPath.map(p -> p.toAbsolutePath().getParent()).orElse(cwd);
    Engine engine;
    try {
      engine = new Engine(registry, withFlags(loaded.config()));
    } catch (IllegalArgumentException e) {
      env.err().println(TerminalText.escape("condlint: error: " + e.getMessage()));
      return ExitCodes.USAGE_OR_INPUT;
    }
    var files = new InputFiles(cwd, excludeBase, engine.config().exclude());
    List<Input> inputs = files.expand(InputFiles.orWorkingDirectory(paths));
    List<Input> crdInputs = files.expand(crds);
    if (output != null) {
      List<Input> read = new ArrayList<>(inputs);
      read.addAll(crdInputs);
      Optional<String> refusal = OutputFile.refusal(cwd.resolve(output), output.toString(), configPath, read);
      if (refusal.isPresent()) {
        env.err().println("condlint: error: " + TerminalText.escape(refusal.get()));
        return ExitCodes.USAGE_OR_INPUT;
      }
    }
    LintReport report = new Linter(engine, env.stdin(), reference, jobs()).lint(inputs, crdInputs);
    try {
      write(report);
    } catch (IOException e) {
      env.err().println(TerminalText.escape("condlint: error: cannot write " + output + ": " + e.getMessage()));
      return ExitCodes.USAGE_OR_INPUT;
    }
    return exitCode(report);
  }

  private int exitCode(LintReport report) {
    if (report.inputErrors() > 0) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    boolean failed = failOn.threshold().map(report::hasFindingAtLeast).orElse(false);
    return failed ? ExitCodes.FINDINGS : ExitCodes.CLEAN;
  }

  private void write(LintReport report) throws IOException {
    Path cwd = env.workingDirectory();
    Path root = sarifRoot != null ? cwd.resolve(sarifRoot) : ArtifactPaths.defaultRoot(cwd);
    TextFormat.Detail detail = textDetail == null ? TextFormat.Detail.FULL : textDetail.detail();
    var renderer = format.create(new ReportSettings(registry, Version.current(), Version.homepage(),
        failOn.threshold(), new ArtifactPaths(cwd, root), detail));
    if (output == null) {
      renderer.write(report, env.out());
      env.out().flush();
      return;
    }
    try (Writer w = Files.newBufferedWriter(env.workingDirectory().resolve(output), StandardCharsets.UTF_8)) {
      renderer.write(report, w);
    }
  }

  private Instant referenceTime() {
    if (now == null) {
      return env.clock().instant();
    }
    try {
      return OffsetDateTime.parse(now).toInstant();
    } catch (DateTimeParseException e) {
      throw usageError("--now: '" + now + "' is not an RFC 3339 time such as 2024-06-01T00:00:00Z");
    }
  }

  /** A usage error whose message quotes what the user typed, made safe to print on a terminal. */
  private ParameterException usageError(String message) {
    return new ParameterException(spec.commandLine(), TerminalText.escape(message));
  }

  private int jobs() {
    return jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
  }

  private void checkFlags() {
    if (textDetail != null && format != Format.TEXT) {
      throw usageError(
          "--quiet and --summary shape the text format only, not " + format.name().toLowerCase(Locale.ROOT));
    }
    if (sarifRoot != null && !Files.isDirectory(env.workingDirectory().resolve(sarifRoot))) {
      throw usageError("--sarif-root: '" + sarifRoot + "' is not a directory");
    }
    if (jobs != null && jobs < 1) {
      throw usageError("--jobs: must be at least 1, not " + jobs);
    }
    profile.problem().ifPresent(problem -> {
      throw usageError(problem);
    });
    checkRuleIds("--enable", enable);
    checkRuleIds("--disable", disable);
  }

  private void checkRuleIds(String flag, List<String> ids) {
    List<String> known = registry.rules().stream().map(Rule::id).toList();
    for (String id : ids) {
      if (!registry.contains(id)) {
        throw usageError(flag + ": unknown rule '" + id + "'"
            + ConfigLoader.suggestRule(id, registry, known) + " (`condlint rules` lists every rule id)");
      }
    }
  }

  /**
   * The file's configuration with the flags on top. {@code --enable} gives a rule the level it has
   * in the chosen profile (or the default one), or its own severity where that profile turns it off.
   */
  private Config withFlags(Config fromFile) {
    Config c = profile.applyTo(fromFile);
    String profileName = c.forcedProfile().or(c::profile).orElse(ProfileNames.K8S);
    for (String id : enable) {
      Rule rule = registry.find(id).orElseThrow();
      Level level = BuiltInProfiles.named(profileName)
          .flatMap(p -> p.level(id))
          .filter(l -> l != Level.OFF)
          .orElse(Level.of(rule.info().severity()));
      c = c.withRuleLevel(id, level);
    }
    if (requireCrds && !disable.contains(SAMPLE_CRD_MISSING) && registry.contains(SAMPLE_CRD_MISSING)) {
      c = c.withRuleLevel(SAMPLE_CRD_MISSING, Level.of(registry.find(SAMPLE_CRD_MISSING).orElseThrow().info().severity()));
    }
    for (String id : disable) {
      c = c.withRuleLevel(id, Level.OFF);
    }
    return c;
  }
}
