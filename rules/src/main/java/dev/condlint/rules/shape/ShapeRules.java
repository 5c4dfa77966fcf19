package dev.condlint.rules.shape;

import dev.condlint.rules.Rule;
import java.util.List;

/** The object rules on a condition's shape (CONVENTIONS.md §2 A). */
public final class ShapeRules {
  private ShapeRules() {}

  public static List<Rule> all() {
    return List.of();
  }
}
