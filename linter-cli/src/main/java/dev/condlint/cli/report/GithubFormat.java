package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import dev.condlint.model.Position;
import java.io.IOException;
import java.io.Writer;

/**
 * GitHub Actions workflow commands ({@code ::error file=F,line=L,col=C,title=RULE::MESSAGE}), which
 * the runner shows as annotations on the pull request's files.
 */
public final class GithubFormat extends LineFormat {
  private final ArtifactPaths paths;

  /** @param paths the runner places an annotation by the file's path in the repository */
  public GithubFormat(ArtifactPaths paths) {
    this.paths = paths;
  }

  /** A live object has no file: its annotation says where in the cluster, and who wrote it, in the text. */
  @Override
  void writeFinding(FileReport file, Finding f, Writer out) throws IOException {
    Position at = LintReport.position(f);
    String text = LintReport.messageWithHint(f);
    if (file.live().isPresent()) {
      LiveObject object = file.live().get();
      out.write(command(command(f), null, null, null, f.ruleId(),
          object.uri(f) + ": " + text + "\nWritten by: " + object.writerOf(f)));
      return;
    }
    out.write(command(command(f), paths.display(file.file()), at.line() + "", at.column() + "", f.ruleId(), text));
  }

  @Override
  void writeError(LintReport report, InputError e, Writer out) throws IOException {
    if (report.cluster().isPresent()) {
      // A resource of the cluster that could not be read is no file either.
      out.write(command("error", null, null, null, "condlint", e.file() + ": " + e.message()));
      return;
    }
    String line = e.line().isPresent() ? e.line().getAsInt() + "" : null;
    String col = e.column().isPresent() ? e.column().getAsInt() + "" : null;
    out.write(command("error", paths.display(e.file()), line, col, "condlint", e.message()));
  }

  private static String command(Finding f) {
    return switch (f.severity()) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case INFO -> "notice";
    };
  }

  private static String command(String name, String file, String line, String col, String title, String message) {
    StringBuilder b = new StringBuilder("::").append(name).append(file == null ? " " : " file=" + property(file) + ",");
    if (line != null) {
      b.append("line=").append(line).append(",col=").append(col).append(',');
    }
    return b.append("title=").append(property(title)).append("::").append(data(message)).append('\n').toString();
  }

  /**
   * Escapes a command's message as the runner expects (actions/toolkit {@code escapeData}), and any
   * other control character for the terminal that shows the job's log.
   */
  static String data(String s) {
    return TerminalText.escape(s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"));
  }

  /** Escapes a property value (actions/toolkit {@code escapeProperty}). */
  static String property(String s) {
    return data(s).replace(":", "%3A").replace(",", "%2C");
  }
}
