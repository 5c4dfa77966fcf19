package dev.condlint.rules.crd;

import dev.condlint.rules.Rule;
import java.util.List;

/** The rules on a CRD's status schema (CONVENTIONS.md §2 E). */
public final class CrdRules {
  private CrdRules() {}

  public static List<Rule> all() {
    return List.of();
  }
}
