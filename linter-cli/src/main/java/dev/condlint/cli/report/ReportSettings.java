package dev.condlint.cli.report;

import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleRegistry;
import java.util.Optional;

/**
 * What the formats need besides the report: the rules; condlint's version and home page; the page
 * whose sections describe each rule ({@code rulesDoc}, {@code docs/rules.md} in the repository at this
 * version); the {@code --fail-on} threshold (empty for {@code never}), which decides which findings
 * fail the run; where files are relative to; how much the text format writes; the commit linted, if
 * known; and whether the run also writes a job summary.
 */
public record ReportSettings(
    RuleRegistry registry,
    String version,
    String homepage,
    String rulesDoc,
    Optional<Severity> failOn,
    ArtifactPaths paths,
    TextFormat.Detail textDetail,
    Optional<VersionControl> versionControl,
    boolean jobSummary) {

  /** Settings with the rules described under the home page, no commit known and no job summary. */
  public ReportSettings(
      RuleRegistry registry, String version, String homepage, Optional<Severity> failOn, ArtifactPaths paths,
      TextFormat.Detail textDetail) {
    this(registry, version, homepage, homepage + "/docs/rules.md", failOn, paths, textDetail, Optional.empty(), false);
  }

  /** Whether this finding, alone, makes the run fail. */
  public boolean fails(Finding finding) {
    return failOn.map(finding.severity()::atLeast).orElse(false);
  }

  /** The page that explains a rule: its section of the rule reference (each rule has an anchor of its id). */
  public String helpUri(String ruleId) {
    return rulesDoc + "#" + ruleId;
  }
}
