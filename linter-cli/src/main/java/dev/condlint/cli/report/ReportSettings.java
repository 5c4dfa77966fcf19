package dev.condlint.cli.report;

import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleRegistry;
import java.util.Optional;

/**
 * What the formats need besides the report: the rules; condlint's version and home page, under
 * which {@code docs/rules.md} describes each rule; the {@code --fail-on} threshold (empty for
 * {@code never}), which decides which findings fail the run; where files are relative to; and how
 * much the text format writes.
 */
public record ReportSettings(
    RuleRegistry registry,
    String version,
    String homepage,
    Optional<Severity> failOn,
    ArtifactPaths paths,
    TextFormat.Detail textDetail) {

  /** Whether this finding, alone, makes the run fail. */
  public boolean fails(Finding finding) {
    return failOn.map(finding.severity()::atLeast).orElse(false);
  }

  /** The page that explains a rule: its section of the rule reference. */
  public String helpUri(String ruleId) {
    return homepage + "/docs/rules.md#" + ruleId;
  }
}
