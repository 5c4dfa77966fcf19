package dev.condlint.cli.report;

import dev.condlint.rules.api.RuleRegistry;

/** The values of {@code --format}. */
public enum Format {
  TEXT,
  JSON,
  SARIF,
  JUNIT,
  GITHUB;

  public ReportFormat create(RuleRegistry registry, String version) {
    return switch (this) {
      case TEXT -> new TextFormat();
      case JSON -> new JsonFormat();
      case SARIF -> new SarifFormat(registry, version);
      case JUNIT -> new JunitFormat();
      case GITHUB -> new GithubFormat();
    };
  }
}
