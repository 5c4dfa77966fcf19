package dev.condlint.cli.report;

import java.io.IOException;
import java.io.Writer;

/** Renders a lint report in one output format. */
public interface ReportFormat {
  void write(LintReport report, Writer out) throws IOException;
}
