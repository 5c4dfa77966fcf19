package dev.condlint.rules.api;

/** A rule over one version of a CustomResourceDefinition (scope {@link Scope#CRD}). */
public non-sealed interface CrdRule extends Rule {
  void check(CrdCheck check);
}
