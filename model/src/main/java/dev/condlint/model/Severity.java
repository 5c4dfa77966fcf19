package dev.condlint.model;

import java.util.Locale;

/** How serious a finding is; ordered from least to most severe. */
public enum Severity {
  INFO,
  WARNING,
  ERROR;

  /** The lower-case name used in output and configuration ({@code info}, {@code warning}, {@code error}). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public boolean atLeast(Severity other) {
    return compareTo(other) >= 0;
  }

  public static Severity min(Severity a, Severity b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  public static Severity max(Severity a, Severity b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  /** Parses {@code info|warning|error}, case-insensitively. */
  public static Severity parse(String text) {
    for (Severity s : values()) {
      if (s.label().equalsIgnoreCase(text)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown severity '" + text + "' (expected info, warning or error)");
  }
}
