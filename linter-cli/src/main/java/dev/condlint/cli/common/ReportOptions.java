package dev.condlint.cli.common;

import dev.condlint.cli.input.Input;
import dev.condlint.cli.report.ArtifactPaths;
import dev.condlint.cli.report.Format;
import dev.condlint.cli.report.LintReport;
import dev.condlint.cli.report.ReportSettings;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cli.report.TextFormat;
import dev.condlint.cli.report.JobSummary;
import dev.condlint.cli.report.VersionControl;
import dev.condlint.rules.api.RuleRegistry;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options that shape and place the report and decide the exit status, which {@code lint} and
 * {@code audit} share.
 */
public final class ReportOptions {
  @Spec(Spec.Target.MIXEE) CommandSpec spec;

  @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = CompletionCandidates.Formats.class,
      description = "text, json, sarif, junit or github. Default: text.")
  Format format = Format.TEXT;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Write the report to FILE instead of standard output (never over an input).")
  public Path output;

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

  @Option(
      names = "--min-severity",
      // Not LEVEL: picocli's bash completion names its candidate array after the label, and --fail-on's is LEVEL.
      paramLabel = "SEVERITY",
      completionCandidates = CompletionCandidates.SeverityLevels.class,
      description = "Show only findings at least this severe, in every format: error, warning or info. The exit"
          + " status still counts every finding (--fail-on). Default: info.")
  MinSeverity minSeverity = MinSeverity.INFO;

  @Option(
      names = "--rules-doc",
      paramLabel = "URL",
      description = "The page whose sections (URL#rule-id) the sarif and github formats link each rule to. Default:"
          + " docs/rules.md in condlint's repository at this version's tag.")
  String rulesDoc;

  /** Where GitHub Actions asks a step for its Markdown job summary. */
  static final String STEP_SUMMARY = "GITHUB_STEP_SUMMARY";

  /** A usage error for {@code --quiet} or {@code --summary} with a format other than text. */
  public void check() {
    if (textDetail != null && format != Format.TEXT) {
      throw Usage.error(spec,
          "--quiet and --summary shape the text format only, not " + format.name().toLowerCase(Locale.ROOT));
    }
  }

  /**
   * Writes the report (its findings from {@code --min-severity} up) to standard output or
   * {@code --output}, and with {@code --format github} to the job summary when the step has one; false
   * after printing why it could not. With {@code --output}, read errors are also printed on standard
   * error, so that a run that reads nothing does not look clean on the terminal.
   */
  /**
   * Why {@code --output} must not be written (it is an input, the configuration, or a directory), if
   * it is given and must not be; {@code read} are the inputs of the run.
   */
  public Optional<String> outputRefusal(Path workingDirectory, Optional<Path> config, List<Input> read) {
    return output == null ? Optional.empty()
        : OutputFile.refusal(workingDirectory.resolve(output), output.toString(), config, read);
  }

  public boolean write(LintReport full, Environment env, RuleRegistry registry, ArtifactPaths paths) {
    LintReport report = full.withFindingsAtLeast(minSeverity.least());
    TextFormat.Detail detail = textDetail == null ? TextFormat.Detail.FULL : textDetail.detail();
    Optional<String> summaryFile = format == Format.GITHUB ? env.variable(STEP_SUMMARY) : Optional.empty();
    Optional<VersionControl> versionControl = format == Format.SARIF && report.cluster().isEmpty()
        ? GitProvenance.of(paths.root(), env.variable("PATH")) : Optional.empty();
    ReportSettings settings = new ReportSettings(registry, Version.current(), Version.homepage(),
        rulesDoc != null ? rulesDoc : Version.rulesDoc(), failOn.threshold(), paths, detail, versionControl,
        summaryFile.isPresent());
    var renderer = format.create(settings);
    if (summaryFile.isPresent() && !appendJobSummary(report, settings, env, summaryFile.get())) {
      return false;
    }
    try {
      if (output == null) {
        renderer.write(report, env.out());
        env.out().flush();
        return true;
      }
      try (Writer w = Files.newBufferedWriter(env.workingDirectory().resolve(output), StandardCharsets.UTF_8)) {
        renderer.write(report, w);
      }
      report.files().forEach(f -> f.errors().forEach(e -> env.err().println(TextFormat.line(e))));
      return true;
    } catch (IOException e) {
      env.err().println(TerminalText.escape("condlint: error: cannot write " + output + ": " + e.getMessage()));
      return false;
    }
  }

  /** Appends the report in Markdown to the job summary file, as GitHub asks a step to (each step appends). */
  private static boolean appendJobSummary(LintReport report, ReportSettings settings, Environment env, String file) {
    Path path = env.workingDirectory().resolve(file);
    try (Writer w = Files.newBufferedWriter(path, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND)) {
      new JobSummary(settings).write(report, w);
      return true;
    } catch (IOException e) {
      env.err().println(TerminalText.escape("condlint: error: cannot write the job summary ($" + STEP_SUMMARY
          + "=" + file + "): " + e.getMessage()));
      return false;
    }
  }

  /** 2 when something could not be read, else 1 when a finding reaches {@code --fail-on}, else 0. */
  public int exitCode(LintReport report) {
    if (report.inputErrors() > 0) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    boolean failed = failOn.threshold().map(report::hasFindingAtLeast).orElse(false);
    return failed ? ExitCodes.FINDINGS : ExitCodes.CLEAN;
  }
}
