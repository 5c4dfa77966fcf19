package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import java.io.IOException;
import java.io.Writer;

/**
 * The whole report as GitHub-flavoured Markdown for a job summary ({@code $GITHUB_STEP_SUMMARY}):
 * the counts, then a table of every read error and finding (up to {@value #MAX_ROWS} rows, which
 * keeps the summary far below GitHub's 1 MiB a step), with links to the rules' sections of the docs.
 */
public final class JobSummary implements ReportFormat {
  static final int MAX_ROWS = 1000;

  private final ReportSettings settings;

  public JobSummary(ReportSettings settings) {
    this.settings = settings;
  }

  @Override
  public void write(LintReport report, Writer out) throws IOException {
    out.write("## condlint\n\n");
    String counts = LintReport.plural(report.count(Severity.ERROR), "error") + ", "
        + LintReport.plural(report.count(Severity.WARNING), "warning") + ", "
        + LintReport.plural(report.count(Severity.INFO), "info");
    String checked = report.cluster().isPresent()
        ? "Audited " + LintReport.plural(report.cluster().get().objects(), "object")
        : "Checked " + LintReport.plural(report.inputFiles(), "file") + " ("
            + LintReport.plural(report.documents(), "object") + ")";
    long unread = report.inputErrors();
    out.write(checked + ": " + counts + "." + (unread == 0 ? "" : " " + LintReport.plural(unread,
        report.cluster().isPresent() ? "read error" : "input error") + ".") + "\n");
    long rows = unread + report.files().stream().mapToLong(f -> f.findings().size()).sum();
    if (rows == 0) {
      return;
    }
    out.write("\n| Location | Severity | Rule | Message |\n|---|---|---|---|\n");
    int written = 0;
    for (FileReport file : report.files()) {
      for (LineFormat.Entry entry : LineFormat.inSourceOrder(file)) {
        if (written == MAX_ROWS) {
          out.write("\n" + LintReport.plural(rows - MAX_ROWS, "more row") + " left out; run condlint with"
              + " --format text to see them all.\n");
          return;
        }
        out.write(entry.finding() != null ? row(file, entry.finding()) : row(entry.error()));
        written++;
      }
    }
  }

  private String row(FileReport file, Finding f) {
    Position at = LintReport.position(f);
    String where = file.live().isPresent() ? file.live().get().uri(f)
        : settings.paths().display(file.file()) + ":" + at.line() + ":" + at.column();
    String rule = "[" + cell(f.ruleId()) + "](" + settings.helpUri(f.ruleId()) + ")";
    String message = f.hint().isBlank() ? cell(f.message()) : cell(f.message()) + "<br>Hint: " + cell(f.hint());
    return "| " + code(where) + " | " + f.severity().label() + " | " + rule + " | " + message + " |\n";
  }

  private String row(InputError e) {
    String where = e.line().isPresent()
        ? settings.paths().display(e.file()) + ":" + e.line().getAsInt() + ":" + e.column().orElse(1)
        : settings.paths().display(e.file());
    return "| " + code(where) + " | error | input | " + cell(e.message()) + " |\n";
  }

  /** A location in code spans, its backticks made safe. */
  private static String code(String text) {
    return "`" + cell(text).replace("`", "'") + "`";
  }

  /** Text made safe for a table cell: no line breaks, pipes escaped, no HTML. */
  static String cell(String text) {
    return TerminalText.escape(text)
        .replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("|", "\\|").replace("\r", "").replace("\n", "<br>");
  }
}
