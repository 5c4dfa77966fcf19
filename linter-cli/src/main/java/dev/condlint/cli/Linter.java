package dev.condlint.cli;

import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cli.input.InputReader.Read;
import dev.condlint.cli.report.FileReport;
import dev.condlint.cli.report.LintReport;
import dev.condlint.rules.Document;
import dev.condlint.rules.Engine;
import dev.condlint.rules.Finding;
import dev.condlint.rules.schema.CrdCatalog;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads every input, then runs the engine over their objects and collects a report; one bad input
 * spoils no other. Reading comes first so that the checks can see every object of the run: a custom
 * resource is checked against its CRD wherever that CRD stands, among the inputs or in a
 * {@code --crds} folder.
 */
final class Linter {
  private final Engine engine;
  private final InputReader reader;
  private final Instant now;

  Linter(Engine engine, InputStream stdin, Instant now) {
    this.engine = engine;
    this.reader = new InputReader(stdin);
    this.now = now;
  }

  /**
   * Lints the inputs; the CRD inputs only lend their CRDs (their own findings are not reported, but
   * their read errors are, since a CRD that cannot be read checks nothing).
   */
  LintReport lint(List<Input> inputs, List<Input> crdInputs) {
    List<Read> reads = inputs.stream().map(reader::read).toList();
    List<Read> crdReads = crdInputs.stream().map(reader::read).toList();
    Engine run = engine.withCrds(CrdCatalog.of(
        Stream.concat(reads.stream(), crdReads.stream())
            .flatMap(r -> r.documents().stream())
            .map(Document::object)
            .toList()));
    List<FileReport> files = new ArrayList<>();
    for (Read read : reads) {
      List<Finding> findings = new ArrayList<>();
      for (Document document : read.documents()) {
        findings.addAll(run.check(document, Optional.of(now)));
      }
      files.add(new FileReport(read.name(), read.documents().size(), findings, read.errors()));
    }
    for (Read read : crdReads) {
      if (!read.errors().isEmpty()) {
        files.add(new FileReport(read.name(), 0, List.of(), read.errors()));
      }
    }
    return new LintReport(files);
  }

  LintReport lint(List<Input> inputs) {
    return lint(inputs, List.of());
  }
}
