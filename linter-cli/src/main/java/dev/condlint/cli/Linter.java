package dev.condlint.cli;

import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputError;
import dev.condlint.cli.input.InputException;
import dev.condlint.cli.input.SourceText;
import dev.condlint.cli.input.YamlDocuments;
import dev.condlint.cli.report.FileReport;
import dev.condlint.cli.report.LintReport;
import dev.condlint.rules.Document;
import dev.condlint.rules.Engine;
import dev.condlint.rules.Finding;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads every input, then runs the engine over their objects and collects a report; one bad input
 * spoils no other. Reading comes first so that the checks can see every object of the run (a custom
 * resource's CRD may be in another file).
 */
final class Linter {
  private final Engine engine;
  private final InputStream stdin;
  private final Instant now;

  /** One input after reading: its objects, and what could not be read. */
  private record Read(String name, List<Document> documents, List<InputError> errors) {}

  Linter(Engine engine, InputStream stdin, Instant now) {
    this.engine = engine;
    this.stdin = stdin;
    this.now = now;
  }

  LintReport lint(List<Input> inputs) {
    List<Read> reads = inputs.stream().map(this::read).toList();
    List<FileReport> files = new ArrayList<>();
    for (Read read : reads) {
      List<Finding> findings = new ArrayList<>();
      for (Document document : read.documents()) {
        findings.addAll(engine.check(document, Optional.of(now)));
      }
      files.add(new FileReport(read.name(), read.documents().size(), findings, read.errors()));
    }
    return new LintReport(files);
  }

  private Read read(Input input) {
    if (input.failure().isPresent()) {
      return new Read(input.name(), List.of(), List.of(input.failure().get()));
    }
    try {
      String text = input.path().isPresent()
          ? SourceText.read(input.path().get(), input.name())
          : SourceText.read(stdin, input.name());
      YamlDocuments.Loaded loaded = YamlDocuments.load(input.name(), text);
      return new Read(input.name(), loaded.documents(), loaded.errors());
    } catch (InputException e) {
      return new Read(input.name(), List.of(), List.of(e.error()));
    }
  }
}
