package dev.condlint.rules;

/** A rule over one version of a CustomResourceDefinition (scope {@link Scope#CRD}). */
public non-sealed interface CrdRule extends Rule {
  void check(CrdCheck check);
}
