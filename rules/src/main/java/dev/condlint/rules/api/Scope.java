package dev.condlint.rules.api;

import java.util.Locale;

/** What a rule looks at. */
public enum Scope {
  /** One object's status conditions (webhook CREATE/UPDATE and the file linter). */
  OBJECT,
  /** A CustomResourceDefinition's status schema, per entry of {@code spec.versions}. */
  CRD,
  /** An UPDATE: the old and the new object (webhook only). */
  UPDATE;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
