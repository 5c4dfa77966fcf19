package dev.condlint.rules.timing;

import dev.condlint.model.GoDuration;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A deadline that runs on an object: from when, and for how long (empty where none is set). As
 * Landscaper and ARC compare, it is reached at its end exactly: {@code now >= start + length}.
 *
 * @param lengthSource where the length comes from, for messages ({@code spec.timeout}, {@code the default})
 */
public record Deadline(Moment start, Optional<Duration> length, String lengthSource) {

  public boolean reachedBy(Instant now) {
    return end().filter(end -> !now.isBefore(end)).isPresent();
  }

  public Optional<Instant> end() {
    return length.map(start.at()::plus);
  }

  /** {@code 10m0s (spec.timeout)}, or {@code none (spec.timeout)}. */
  public String describeLength() {
    return length.map(GoDuration::format).orElse("none") + " (" + lengthSource + ")";
  }
}
