package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code file:line:col: severity rule-id: message} and an indented hint per finding, under a line
 * that names the profiles that judged the file's objects ({@code file: profile k8s (2 objects)}),
 * then a summary line. Read errors are always written; the rest as {@link Detail} says.
 */
public final class TextFormat extends LineFormat {
  private static final Severity[] MOST_SEVERE_FIRST = {Severity.ERROR, Severity.WARNING, Severity.INFO};

  /** How much the text format writes besides the read errors. */
  public enum Detail {
    /** Profile lines, findings and the summary line. */
    FULL,
    /** The findings alone ({@code --quiet}). */
    FINDINGS,
    /** The number of findings of each rule, and the summary line ({@code --summary}). */
    COUNTS
  }

  private final Detail detail;

  public TextFormat(Detail detail) {
    this.detail = detail;
  }

  @Override
  void writeFileHeader(FileReport file, Writer out) throws IOException {
    if (detail != Detail.FULL) {
      return;
    }
    if (file.live().isPresent()) {
      LiveObject object = file.live().get();
      out.write(TerminalText.escape(file.file() + ": profile " + String.join(", ", file.profiles().keySet())
          + " (uid " + object.uid() + ", resourceVersion " + object.resourceVersion() + ")") + "\n");
      return;
    }
    List<String> profiles = new ArrayList<>();
    file.profiles().forEach((name, objects) -> profiles.add(name + " (" + LintReport.plural(objects, "object") + ")"));
    out.write(TerminalText.escape(file.file()) + ": " + (profiles.size() == 1 ? "profile " : "profiles ")
        + String.join(", ", profiles) + "\n");
  }

  @Override
  void writeFinding(FileReport file, Finding f, Writer out) throws IOException {
    if (detail != Detail.COUNTS) {
      out.write(finding(file, f));
    }
  }

  @Override
  void writeError(LintReport report, InputError e, Writer out) throws IOException {
    out.write(error(e));
  }

  /**
   * A finding's line, and its hint's below it, each ending in a line break; safe to print on a
   * terminal. In a file: {@code file:line:col: ...}; in a cluster: {@code k8s://...#pointer: ...
   * (written by MANAGER)}.
   */
  static String finding(FileReport file, Finding f) {
    Position at = LintReport.position(f);
    String where = file.live().map(o -> TerminalText.escape(o.uri(f)))
        .orElseGet(() -> TerminalText.escape(file.file()) + ":" + at.line() + ":" + at.column());
    String writer = file.live().map(o -> " (written by " + TerminalText.escape(o.writerOf(f)) + ")").orElse("");
    String line = where + ": " + f.severity().label() + " " + f.ruleId() + ": " + TerminalText.escape(f.message())
        + writer + "\n";
    return f.hint().isBlank() ? line : line + "    hint: " + TerminalText.escape(f.hint()) + "\n";
  }

  /** A read error's line, ending in a line break; safe to print on a terminal. */
  static String error(InputError e) {
    return line(e) + "\n";
  }

  /** {@code file:line:col: error: message}, safe to print on a terminal. */
  public static String line(InputError e) {
    return TerminalText.escape(e.location() + ": error: " + e.message());
  }

  @Override
  void writeEnd(LintReport report, Writer out) throws IOException {
    if (detail == Detail.COUNTS) {
      writeCountsByRule(report, out);
    }
    if (detail == Detail.FINDINGS) {
      return;
    }
    String counts = LintReport.plural(report.count(Severity.ERROR), "error") + ", "
        + LintReport.plural(report.count(Severity.WARNING), "warning") + ", "
        + LintReport.plural(report.count(Severity.INFO), "info") + ".";
    long unread = report.inputErrors();
    if (report.cluster().isPresent()) {
      ClusterSummary cluster = report.cluster().get();
      String line = "Audited " + LintReport.plural(cluster.objects(), "object") + " of "
          + LintReport.plural(cluster.resources().size(), "resource") + " at " + TerminalText.escape(cluster.server())
          + ": " + counts;
      out.write((unread == 0 ? line : line + " " + LintReport.plural(unread, "read error") + ".") + "\n");
      AuditTables.write(report, cluster, out);
      return;
    }
    String skipped = report.skipped() == 0 ? ""
        : ", " + LintReport.plural(report.skipped(), "document") + " skipped";
    String line = "Checked " + LintReport.plural(report.inputFiles(), "file") + " ("
        + LintReport.plural(report.documents(), "object") + skipped + "): " + counts;
    out.write((unread == 0 ? line : line + " " + LintReport.plural(unread, "input error") + ".") + "\n");
  }

  /** One line per rule with findings: the rules that reached the highest severity, then the most frequent, first. */
  private static void writeCountsByRule(LintReport report, Writer out) throws IOException {
    Map<String, Map<Severity, Long>> byRule = new TreeMap<>();
    report.files().forEach(file -> file.findings().forEach(f ->
        byRule.computeIfAbsent(f.ruleId(), id -> new EnumMap<>(Severity.class)).merge(f.severity(), 1L, Long::sum)));
    if (byRule.isEmpty()) {
      return;
    }
    Comparator<Map.Entry<String, Map<Severity, Long>>> order = Comparator
        .comparing((Map.Entry<String, Map<Severity, Long>> e) -> worst(e.getValue())).reversed()
        .thenComparing(e -> total(e.getValue()), Comparator.reverseOrder());
    int width = byRule.keySet().stream().mapToInt(String::length).max().orElse(0);
    out.write("Findings by rule:\n");
    for (var rule : byRule.entrySet().stream().sorted(order).toList()) {
      List<String> counts = new ArrayList<>();
      for (Severity s : MOST_SEVERE_FIRST) {
        if (rule.getValue().containsKey(s)) {
          counts.add(LintReport.plural(rule.getValue().get(s), s.label()));
        }
      }
      out.write("  " + rule.getKey() + " ".repeat(width - rule.getKey().length() + 2) + String.join(", ", counts) + "\n");
    }
  }

  private static Severity worst(Map<Severity, Long> counts) {
    return counts.keySet().stream().reduce(Severity.INFO, Severity::max);
  }

  private static long total(Map<Severity, Long> counts) {
    return counts.values().stream().mapToLong(Long::longValue).sum();
  }
}
