package dev.condlint.cli.common;

import dev.condlint.cli.report.ArtifactPaths;
import dev.condlint.cli.report.Format;
import dev.condlint.cli.report.LintReport;
import dev.condlint.cli.report.ReportSettings;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cli.report.TextFormat;
import dev.condlint.rules.api.RuleRegistry;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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

  /** A usage error for {@code --quiet} or {@code --summary} with a format other than text. */
  public void check() {
    if (textDetail != null && format != Format.TEXT) {
      throw Usage.error(spec,
          "--quiet and --summary shape the text format only, not " + format.name().toLowerCase(Locale.ROOT));
    }
  }

  /** Writes the report to standard output or {@code --output}; false after printing why it could not. */
  public boolean write(LintReport report, Environment env, RuleRegistry registry, ArtifactPaths paths) {
    TextFormat.Detail detail = textDetail == null ? TextFormat.Detail.FULL : textDetail.detail();
    var renderer = format.create(new ReportSettings(registry, Version.current(), Version.homepage(),
        failOn.threshold(), paths, detail));
    try {
      if (output == null) {
        renderer.write(report, env.out());
        env.out().flush();
        return true;
      }
      try (Writer w = Files.newBufferedWriter(env.workingDirectory().resolve(output), StandardCharsets.UTF_8)) {
        renderer.write(report, w);
      }
      return true;
    } catch (IOException e) {
      env.err().println(TerminalText.escape("condlint: error: cannot write " + output + ": " + e.getMessage()));
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
