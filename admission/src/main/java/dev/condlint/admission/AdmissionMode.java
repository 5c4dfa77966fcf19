package dev.condlint.admission;

import java.util.Locale;

/** What the webhook does with findings: deny on errors, warn, or only record them. */
public enum AdmissionMode {
  /** Denies a request when an error finding remains; the rest become warnings. */
  ENFORCE,
  /** Never denies; every finding becomes an admission warning. The default. */
  WARN,
  /** Never denies and returns nothing to the client; findings are only counted and logged. */
  AUDIT;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code enforce|warn|audit}, case-insensitively. */
  public static AdmissionMode parse(String text) {
    for (AdmissionMode m : values()) {
      if (m.label().equalsIgnoreCase(text.trim())) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown mode '" + text + "' (expected enforce, warn or audit)");
  }
}
