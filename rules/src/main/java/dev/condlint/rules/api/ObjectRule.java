package dev.condlint.rules.api;

/** A rule over one object's status (scope {@link Scope#OBJECT}). */
public non-sealed interface ObjectRule extends Rule {
  void check(ObjectCheck check);
}
