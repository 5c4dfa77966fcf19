package dev.condlint.cli.common;

import dev.condlint.model.Severity;
import java.util.Optional;

/** The values of {@code --fail-on}: the least severity that makes the run fail. */
enum FailOn {
  ERROR(Severity.ERROR),
  WARNING(Severity.WARNING),
  INFO(Severity.INFO),
  NEVER(null);

  private final Severity threshold;

  FailOn(Severity threshold) {
    this.threshold = threshold;
  }

  Optional<Severity> threshold() {
    return Optional.ofNullable(threshold);
  }
}
