package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * GitHub Actions workflow commands ({@code ::error file=F,line=L,col=C,title=RULE::MESSAGE}), which
 * the runner shows as annotations on the pull request's files. A step shows at most
 * {@value #PER_LEVEL} annotations of each level and drops the rest unsaid, so this writes at most that
 * many of each, errors (read errors among them) first, then warnings, then notices, each level in
 * file and line order, and then one notice that counts the findings left out and says where they are
 * (the job summary, when the run writes one).
 */
public final class GithubFormat implements ReportFormat {
  /** Annotations of one level that GitHub shows for a step (docs.github.com, "Annotations", limits). */
  static final int PER_LEVEL = 10;

  private enum Level {
    ERROR("error"),
    WARNING("warning"),
    NOTICE("notice");

    final String command;

    Level(String command) {
      this.command = command;
    }

    static Level of(Severity s) {
      return switch (s) {
        case ERROR -> ERROR;
        case WARNING -> WARNING;
        case INFO -> NOTICE;
      };
    }
  }

  private final ArtifactPaths paths;
  private final boolean jobSummary;

  /**
   * @param paths the runner places an annotation by the file's path in the repository
   * @param jobSummary whether the run also writes the whole report to the job summary
   */
  public GithubFormat(ArtifactPaths paths, boolean jobSummary) {
    this.paths = paths;
    this.jobSummary = jobSummary;
  }

  @Override
  public void write(LintReport report, Writer out) throws IOException {
    Map<Level, List<String>> byLevel = new EnumMap<>(Level.class);
    for (Level level : Level.values()) {
      byLevel.put(level, new ArrayList<>());
    }
    for (FileReport file : report.files()) {
      for (LineFormat.Entry entry : LineFormat.inSourceOrder(file)) {
        if (entry.finding() != null) {
          byLevel.get(Level.of(entry.finding().severity())).add(finding(file, entry.finding()));
        } else {
          byLevel.get(Level.ERROR).add(error(report, entry.error()));
        }
      }
    }
    int total = byLevel.values().stream().mapToInt(List::size).sum();
    int shown = 0;
    for (Level level : Level.values()) {
      List<String> commands = byLevel.get(level);
      int limit = PER_LEVEL;
      if (level == Level.NOTICE && total - shown - Math.min(commands.size(), PER_LEVEL) > 0) {
        // The closing notice is a notice too: it takes the place of the last one.
        limit = PER_LEVEL - 1;
      }
      for (String command : commands.subList(0, Math.min(limit, commands.size()))) {
        out.write(command);
        shown++;
      }
    }
    int more = total - shown;
    if (more > 0) {
      String where = jobSummary ? "see the job summary"
          : "run condlint with --format text, or set GITHUB_STEP_SUMMARY for a job summary, to see them all";
      out.write(command("notice", null, null, null, "condlint",
          LintReport.plural(more, "more finding") + ": " + where));
    }
  }

  /** A live object has no file: its annotation says where in the cluster, and who wrote it, in the text. */
  private String finding(FileReport file, Finding f) {
    Position at = LintReport.position(f);
    String text = LintReport.messageWithHint(f);
    String level = Level.of(f.severity()).command;
    if (file.live().isPresent()) {
      LiveObject object = file.live().get();
      return command(level, null, null, null, f.ruleId(),
          object.uri(f) + ": " + text + "\nWritten by: " + object.writerOf(f));
    }
    return command(level, paths.display(file.file()), at.line() + "", at.column() + "", f.ruleId(), text);
  }

  private String error(LintReport report, InputError e) {
    if (report.cluster().isPresent()) {
      // A resource of the cluster that could not be read is no file either.
      return command("error", null, null, null, "condlint", e.file() + ": " + e.message());
    }
    String line = e.line().isPresent() ? e.line().getAsInt() + "" : null;
    String col = e.column().isPresent() ? e.column().getAsInt() + "" : null;
    return command("error", paths.display(e.file()), line, col, "condlint", e.message());
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
