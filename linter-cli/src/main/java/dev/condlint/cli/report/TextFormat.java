package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import java.io.IOException;
import java.io.Writer;

/** {@code file:line:col: severity rule-id: message}, an indented hint, then a summary line. */
public final class TextFormat extends LineFormat {

  @Override
  void writeFinding(String file, Finding f, Writer out) throws IOException {
    Position at = LintReport.position(f);
    out.write(file + ":" + at.line() + ":" + at.column() + ": " + f.severity().label() + " " + f.ruleId() + ": "
        + f.message() + "\n");
    if (!f.hint().isBlank()) {
      out.write("    hint: " + f.hint() + "\n");
    }
  }

  @Override
  void writeError(InputError e, Writer out) throws IOException {
    out.write(e.location() + ": error: " + e.message() + "\n");
  }

  @Override
  void writeEnd(LintReport report, Writer out) throws IOException {
    String line = "Checked " + LintReport.plural(report.files().size(), "file") + " ("
        + LintReport.plural(report.documents(), "object") + "): "
        + LintReport.plural(report.count(Severity.ERROR), "error") + ", "
        + LintReport.plural(report.count(Severity.WARNING), "warning") + ", "
        + LintReport.plural(report.count(Severity.INFO), "info") + ".";
    long unread = report.inputErrors();
    out.write((unread == 0 ? line : line + " " + LintReport.plural(unread, "input error") + ".") + "\n");
  }
}
