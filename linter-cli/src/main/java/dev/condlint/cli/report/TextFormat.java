package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.rules.Finding;
import dev.condlint.rules.Position;
import dev.condlint.rules.Severity;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code file:line:col: severity rule-id: message} and an indented hint per finding, under a line
 * that names the profiles that judged the file's objects ({@code file: profile k8s (2 objects)}),
 * then a summary line.
 */
public final class TextFormat extends LineFormat {

  @Override
  void writeFileHeader(FileReport file, Writer out) throws IOException {
    List<String> profiles = new ArrayList<>();
    file.profiles().forEach((name, objects) -> profiles.add(name + " (" + LintReport.plural(objects, "object") + ")"));
    out.write(file.file() + ": " + (profiles.size() == 1 ? "profile " : "profiles ") + String.join(", ", profiles)
        + "\n");
  }

  @Override
  void writeFinding(String file, Finding f, Writer out) throws IOException {
    out.write(finding(file, f));
  }

  @Override
  void writeError(InputError e, Writer out) throws IOException {
    out.write(error(e));
  }

  /** A finding's line, and its hint's below it, each ending in a line break. */
  static String finding(String file, Finding f) {
    Position at = LintReport.position(f);
    String line = file + ":" + at.line() + ":" + at.column() + ": " + f.severity().label() + " " + f.ruleId() + ": "
        + f.message() + "\n";
    return f.hint().isBlank() ? line : line + "    hint: " + f.hint() + "\n";
  }

  /** A read error's line, ending in a line break. */
  static String error(InputError e) {
    return e.location() + ": error: " + e.message() + "\n";
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
