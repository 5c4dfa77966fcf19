package dev.condlint.cli.common;

import dev.condlint.model.Severity;

/** The values of {@code --min-severity}: the least severity a report shows. */
enum MinSeverity {
  ERROR(Severity.ERROR),
  WARNING(Severity.WARNING),
  INFO(Severity.INFO);

  private final Severity least;

  MinSeverity(Severity least) {
    this.least = least;
  }

  Severity least() {
    return least;
  }
}
