package dev.condlint.rules.api;

/** A rule over an UPDATE: the old and the new object (scope {@link Scope#UPDATE}). */
public non-sealed interface TransitionRule extends Rule {
  void check(TransitionCheck check);

  /**
   * Whether this rule reports only differences between the old and the new object's {@code status}:
   * then it finds nothing where the two are equal, and the engine does not run it there (a controller
   * that writes back the status it read, the commonest status UPDATE, costs no pairing of conditions).
   * A rule that can report on an unchanged status keeps the default.
   */
  default boolean reportsOnlyStatusChanges() {
    return false;
  }
}
