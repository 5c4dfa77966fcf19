package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import java.util.List;

/** What linting one input gave: how many objects it held, their findings and its read errors. */
public record FileReport(String file, int documents, List<Finding> findings, List<InputError> errors) {
  public FileReport {
    findings = List.copyOf(findings);
    errors = List.copyOf(errors);
  }
}
