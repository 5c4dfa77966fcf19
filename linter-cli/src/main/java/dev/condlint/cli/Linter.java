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

/** Reads each input, runs the engine over its objects and collects a report; one bad input spoils no other. */
final class Linter {
  private final Engine engine;
  private final InputStream stdin;
  private final Instant now;

  Linter(Engine engine, InputStream stdin, Instant now) {
    this.engine = engine;
    this.stdin = stdin;
    this.now = now;
  }

  LintReport lint(List<Input> inputs) {
    List<FileReport> files = new ArrayList<>();
    for (Input input : inputs) {
      files.add(lint(input));
    }
    return new LintReport(files);
  }

  private FileReport lint(Input input) {
    if (input.failure().isPresent()) {
      return new FileReport(input.name(), 0, List.of(), List.of(input.failure().get()));
    }
    String text;
    try {
      text = input.path().isPresent()
          ? SourceText.read(input.path().get(), input.name())
          : SourceText.read(stdin, input.name());
    } catch (InputException e) {
      return new FileReport(input.name(), 0, List.of(), List.of(e.error()));
    }
    YamlDocuments.Loaded loaded = YamlDocuments.load(input.name(), text);
    List<Finding> findings = new ArrayList<>();
    for (Document document : loaded.documents()) {
      findings.addAll(engine.check(document, Optional.of(now)));
    }
    List<InputError> errors = loaded.errors();
    return new FileReport(input.name(), loaded.documents().size(), findings, errors);
  }
}
