package dev.condlint.rules.profile;

import dev.condlint.model.Severity;
import java.util.Locale;
import java.util.Optional;

/** A configured level for a rule: off, or the severity its findings get. */
public enum Level {
  OFF,
  INFO,
  WARNING,
  ERROR;

  // Looked up for every finding and every rule's level: Enum.valueOf is a map lookup each time.
  private static final java.util.Map<Level, Optional<Severity>> SEVERITIES = severities();

  public Optional<Severity> severity() {
    return SEVERITIES.get(this);
  }

  private static java.util.Map<Level, Optional<Severity>> severities() {
    java.util.Map<Level, Optional<Severity>> map = new java.util.EnumMap<>(Level.class);
    for (Level level : values()) {
      map.put(level, level == OFF ? Optional.empty() : Optional.of(Severity.valueOf(level.name())));
    }
    return map;
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Level of(Severity severity) {
    return valueOf(severity.name());
  }

  /** Parses {@code off|info|warning|error}, case-insensitively. */
  public static Level parse(String text) {
    for (Level l : values()) {
      if (l.label().equalsIgnoreCase(text)) {
        return l;
      }
    }
    throw new IllegalArgumentException("unknown level '" + text + "' (expected off, info, warning or error)");
  }
}
