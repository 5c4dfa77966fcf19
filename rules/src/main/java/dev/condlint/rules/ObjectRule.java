package dev.condlint.rules;

/** A rule over one object's status (scope {@link Scope#OBJECT}). */
public non-sealed interface ObjectRule extends Rule {
  void check(ObjectCheck check);
}
