package dev.condlint.cli.report;

/** The values of {@code --format}. */
public enum Format {
  TEXT,
  JSON,
  SARIF,
  JUNIT,
  GITHUB;

  public ReportFormat create(ReportSettings settings) {
    return switch (this) {
      case TEXT -> new TextFormat(settings.textDetail());
      case JSON -> new JsonFormat();
      case SARIF -> new SarifFormat(settings);
      case JUNIT -> new JunitFormat(settings);
      case GITHUB -> new GithubFormat(settings.paths(), settings.jobSummary());
    };
  }
}
