package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What linting one input gave: how many objects it held, how many of its documents were skipped as no
 * Kubernetes object, how many objects each profile judged (in the order of their first object), their
 * findings and its read errors.
 */
public record FileReport(
    String file, int documents, int skipped, Map<String, Integer> profiles, List<Finding> findings,
    List<InputError> errors) {
  public FileReport {
    profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
    findings = List.copyOf(findings);
    errors = List.copyOf(errors);
  }
}
