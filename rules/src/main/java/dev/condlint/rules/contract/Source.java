package dev.condlint.rules.contract;

import java.util.Locale;

/** Where a part of a contract comes from, strongest first. */
public enum Source {
  /** The user's {@code .condlint.yaml}. */
  CONFIG,
  /** The kind's CustomResourceDefinition (among the inputs, in {@code --crds}, or in the cluster). */
  CRD,
  /** condlint's built-in catalogue of condition families and API groups. */
  CATALOGUE,
  /** What the object itself shows: the fields its conditions carry, the names of their types, its shape. */
  INFERRED;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether something stronger than the object's own look stands behind this part. */
  public boolean isDeclared() {
    return this != INFERRED;
  }
}
