package dev.condlint.cli.report;

import dev.condlint.rules.Finding;
import dev.condlint.rules.RuleRegistry;
import dev.condlint.rules.Severity;
import java.util.Optional;

/**
 * What the formats need besides the report: the rules, condlint's version, and the {@code --fail-on}
 * threshold (empty for {@code never}), which decides which findings fail the run.
 */
public record ReportSettings(RuleRegistry registry, String version, Optional<Severity> failOn) {

  /** Whether this finding, alone, makes the run fail. */
  public boolean fails(Finding finding) {
    return failOn.map(finding.severity()::atLeast).orElse(false);
  }
}
