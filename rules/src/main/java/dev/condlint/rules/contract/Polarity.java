package dev.condlint.rules.contract;

import java.util.Locale;
import java.util.Optional;

/** Which status of a condition type is the healthy one. */
public enum Polarity {
  /** True is the desired state (Ready, Available, Synced). */
  NORMAL_TRUE,
  /** True signals a problem or an unfinished state (Degraded, Stalled, Reconciling, MemoryPressure). */
  ABNORMAL_TRUE,
  /** Neither is healthy as such (Paused, Active): polarity rules leave the type alone. */
  UNKNOWN;

  public boolean isKnown() {
    return this != UNKNOWN;
  }

  /** The spelling used in configuration and the catalogue: {@code normal-true}, {@code abnormal-true}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static Optional<Polarity> parse(String text) {
    for (Polarity p : values()) {
      if (p.label().equals(text)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
