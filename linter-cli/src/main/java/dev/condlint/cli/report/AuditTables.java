package dev.condlint.cli.report;

import dev.condlint.model.Finding;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The close of an audit's text report: findings by writer (the field managers that wrote what was
 * found) and by kind, the rows with the most severe findings first.
 */
final class AuditTables {
  private AuditTables() {}

  /** One row's counts: the objects with findings, and the findings by severity. */
  private static final class Counts {
    final Set<String> objects = new HashSet<>();
    long errors;
    long warnings;
    long infos;

    void add(String object, Finding f) {
      objects.add(object);
      switch (f.severity()) {
        case ERROR -> errors++;
        case WARNING -> warnings++;
        case INFO -> infos++;
      }
    }
  }

  private static final Comparator<Map.Entry<String, Counts>> MOST_SEVERE_FIRST = Comparator
      .comparing((Map.Entry<String, Counts> e) -> -e.getValue().errors)
      .thenComparing(e -> -e.getValue().warnings)
      .thenComparing(e -> -e.getValue().infos)
      .thenComparing(Map.Entry::getKey);

  static void write(LintReport report, ClusterSummary cluster, Writer out) throws IOException {
    Map<String, Counts> byWriter = new TreeMap<>();
    Map<String, Counts> byKind = new TreeMap<>();
    for (FileReport file : report.files()) {
      if (file.live().isEmpty()) {
        continue;
      }
      LiveObject object = file.live().get();
      for (Finding f : file.findings()) {
        byWriter.computeIfAbsent(object.writerOf(f), w -> new Counts()).add(object.uri(), f);
        byKind.computeIfAbsent(object.groupKind(), k -> new Counts()).add(object.uri(), f);
      }
    }
    if (byWriter.isEmpty()) {
      return;
    }
    Map<String, Long> audited = new TreeMap<>();
    cluster.resources().forEach(r -> audited.merge(r.groupKind(), r.objects(), Long::sum));

    out.write("Findings by writer:\n");
    table(List.of("WRITER", "OBJECTS", "ERRORS", "WARNINGS", "INFOS"), byWriter, writer -> List.of(), out);
    out.write("Findings by kind:\n");
    table(List.of("KIND", "AUDITED", "WITH FINDINGS", "ERRORS", "WARNINGS", "INFOS"), byKind,
        kind -> List.of(String.valueOf(audited.getOrDefault(kind, 0L))), out);
  }

  /** The rows under a header: a left-aligned name, then numbers right-aligned under their headings. */
  private static void table(List<String> headings, Map<String, Counts> rows,
      Function<String, List<String>> leading, Writer out) throws IOException {
    List<List<String>> lines = new ArrayList<>();
    lines.add(headings);
    for (Map.Entry<String, Counts> row : rows.entrySet().stream().sorted(MOST_SEVERE_FIRST).toList()) {
      List<String> cells = new ArrayList<>();
      cells.add(TerminalText.escape(row.getKey()));
      cells.addAll(leading.apply(row.getKey()));
      Counts c = row.getValue();
      cells.addAll(List.of(String.valueOf(c.objects.size()), String.valueOf(c.errors), String.valueOf(c.warnings),
          String.valueOf(c.infos)));
      lines.add(cells);
    }
    int[] widths = new int[headings.size()];
    for (List<String> line : lines) {
      for (int i = 0; i < line.size(); i++) {
        widths[i] = Math.max(widths[i], line.get(i).length());
      }
    }
    for (List<String> line : lines) {
      StringBuilder b = new StringBuilder("  ").append(line.get(0)).append(" ".repeat(widths[0] - line.get(0).length()));
      for (int i = 1; i < line.size(); i++) {
        b.append("  ").append(" ".repeat(widths[i] - line.get(i).length())).append(line.get(i));
      }
      out.write(b.toString().stripTrailing() + "\n");
    }
  }
}
