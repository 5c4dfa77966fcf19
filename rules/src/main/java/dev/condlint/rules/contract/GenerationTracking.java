package dev.condlint.rules.contract;

import java.util.Locale;
import java.util.Optional;

/** Where a kind records the generation its status was computed from. */
public enum GenerationTracking {
  /** {@code status.observedGeneration} only. */
  STATUS,
  /** Each condition's {@code observedGeneration} only (Gateway API's nested lists). */
  CONDITION,
  /** Both. */
  BOTH,
  /** Neither. */
  NONE;

  public boolean perCondition() {
    return this == CONDITION || this == BOTH;
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<GenerationTracking> parse(String text) {
    for (GenerationTracking g : values()) {
      if (g.label().equals(text)) {
        return Optional.of(g);
      }
    }
    return Optional.empty();
  }
}
