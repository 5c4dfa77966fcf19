package dev.condlint.rules.transition;

import dev.condlint.rules.Rule;
import java.util.List;

/** The UPDATE rules, old object to new (CONVENTIONS.md §2 D). */
public final class TransitionRules {
  private TransitionRules() {}

  public static List<Rule> all() {
    return List.of();
  }
}
