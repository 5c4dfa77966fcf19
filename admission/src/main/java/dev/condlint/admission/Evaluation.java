package dev.condlint.admission;

import java.util.Locale;

/** Which rules a request was checked with. */
public enum Evaluation {
  /** CREATE/UPDATE of a CustomResourceDefinition: the CRD status-schema rules. */
  CRD,
  /** UPDATE of {@code <plural>/status}: object rules on the new object and transition rules old → new. */
  STATUS,
  /** CREATE/UPDATE of a main resource: the object rules. */
  OBJECT,
  /** DELETE, CONNECT, other subresources and unknown operations: allowed without checks. */
  SKIPPED;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
