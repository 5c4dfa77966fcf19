package dev.condlint.rules.api;

/**
 * A rule about suppressions, which runs after the object's other rules and their suppressions: it
 * sees the suppressions that matched no finding (scope {@link Scope#OBJECT}, the object they sit on).
 */
public non-sealed interface SuppressionRule extends Rule {
  void check(SuppressionCheck check);
}
