package dev.condlint.rules.semantics;

import dev.condlint.rules.Rule;
import java.util.List;

/** The object rules on what conditions mean (CONVENTIONS.md §2 B). */
public final class SemanticRules {
  private SemanticRules() {}

  public static List<Rule> all() {
    return List.of();
  }
}
