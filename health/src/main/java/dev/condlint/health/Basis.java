package dev.condlint.health;

import dev.condlint.model.ContractBasis;

/**
 * What an assessment rests on: a part of the kind's condition contract (its source: {@code config},
 * {@code crd}, {@code catalogue} or {@code inferred}), kstatus's rule for a built-in kind ({@code kstatus}),
 * a built-in kind's own status fields where kstatus reads none ({@code kind-api}), or a convention every
 * consumer applies to any object ({@code convention}: deletion, generation,
 * suspension).
 */
public record Basis(String source, String detail, String citation) {

  public static Basis of(ContractBasis basis) {
    return new Basis(basis.source().label(), basis.detail(), basis.citation());
  }

  static Basis convention(String detail) {
    return new Basis("convention", detail, "");
  }

  static Basis kstatus(String detail) {
    return new Basis("kstatus", detail, "kubernetes-sigs/cli-utils pkg/kstatus/status@5895ad6");
  }

  /** Whether something stronger than the object's own look stands behind it. */
  public boolean isDeclared() {
    return !source.equals("inferred");
  }
}
