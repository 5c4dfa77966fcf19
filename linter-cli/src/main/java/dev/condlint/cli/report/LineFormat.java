package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A format that writes one record per finding and per read error, merged in source order within
 * each file (text, github), then an optional closing part.
 */
abstract class LineFormat implements ReportFormat {

  /** A finding or a read error, and the line it sorts by (0 for an error without a position). */
  record Entry(int line, Finding finding, InputError error) {}

  @Override
  public final void write(LintReport report, Writer out) throws IOException {
    for (FileReport file : report.files()) {
      if (!file.findings().isEmpty()) {
        writeFileHeader(file, out);
      }
      for (Entry entry : inSourceOrder(file)) {
        if (entry.finding() != null) {
          writeFinding(file, entry.finding(), out);
        } else {
          writeError(report, entry.error(), out);
        }
      }
    }
    writeEnd(report, out);
  }

  /** Before the findings of a file that has some. */
  void writeFileHeader(FileReport file, Writer out) throws IOException {}

  abstract void writeFinding(FileReport file, Finding finding, Writer out) throws IOException;

  /** A read error; in an audit's report, of a resource of the cluster rather than of a file. */
  abstract void writeError(LintReport report, InputError error, Writer out) throws IOException;

  void writeEnd(LintReport report, Writer out) throws IOException {}

  static List<Entry> inSourceOrder(FileReport file) {
    List<Entry> entries = new ArrayList<>();
    file.findings().forEach(f -> entries.add(new Entry(LintReport.position(f).line(), f, null)));
    file.errors().forEach(e -> entries.add(new Entry(e.line().orElse(0), null, e)));
    // A stable sort: findings keep the engine's order among themselves.
    entries.sort(Comparator.comparingInt(Entry::line));
    return entries;
  }
}
