package dev.condlint.rules.api;

/** A rule over an UPDATE: the old and the new object (scope {@link Scope#UPDATE}). */
public non-sealed interface TransitionRule extends Rule {
  void check(TransitionCheck check);
}
