package dev.condlint.rules.engine;

import dev.condlint.rules.api.Scope;
import java.util.EnumSet;
import java.util.Set;

/**
 * What one pass runs: the rules of its scopes; whether it judges the annotation's ids of the UPDATE
 * rules or of the others; whether it reports the suppressions that matched nothing.
 */
enum Pass {
  /** One document, as the file linter checks it: the object rules, and the CRD rules on a CRD. */
  DOCUMENT(EnumSet.of(Scope.OBJECT, Scope.CRD), false, true),
  /**
   * A CRD write, as the webhook checks it: the CRD rules only. Its answer holds CRD-scope findings, so
   * a suppression that matched nothing (an object-scope finding) is not reported.
   */
  CRD(EnumSet.of(Scope.CRD), false, false),
  /** An UPDATE: the transition rules, old object to new. */
  UPDATE(EnumSet.of(Scope.UPDATE), true, true);

  final Set<Scope> scopes;
  final boolean update;
  final boolean reportsUnused;

  Pass(Set<Scope> scopes, boolean update, boolean reportsUnused) {
    this.scopes = scopes;
    this.update = update;
    this.reportsUnused = reportsUnused;
  }
}
