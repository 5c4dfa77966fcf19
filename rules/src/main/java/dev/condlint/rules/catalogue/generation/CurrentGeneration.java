package dev.condlint.rules.catalogue.generation;

import dev.condlint.rules.api.ObjectCheck;
import java.util.OptionalLong;

/** The generation that a True summary (C05) and the conditions beside it (C06) must have observed. */
final class CurrentGeneration {
  private CurrentGeneration() {}

  /**
   * metadata.generation; empty without one, and while the object is being deleted: deletion itself
   * bumps the generation, which no controller then observes.
   */
  static OptionalLong of(ObjectCheck check) {
    return check.isDeleting() ? OptionalLong.empty() : check.generation();
  }
}
