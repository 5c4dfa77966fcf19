package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.rules.Finding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A finding or a read error of one file, for the line-oriented formats (text, github) that show
 * both in one stream, in source order.
 */
record Entry(int line, Optional<Finding> finding, Optional<InputError> error) {

  static List<Entry> inSourceOrder(FileReport file) {
    List<Entry> entries = new ArrayList<>();
    for (Finding f : file.findings()) {
      entries.add(new Entry(LintReport.position(f).line(), Optional.of(f), Optional.empty()));
    }
    for (InputError e : file.errors()) {
      entries.add(new Entry(e.line().orElse(0), Optional.empty(), Optional.of(e)));
    }
    // A stable sort: findings keep the engine's order among themselves.
    entries.sort(Comparator.comparingInt(Entry::line));
    return entries;
  }
}
