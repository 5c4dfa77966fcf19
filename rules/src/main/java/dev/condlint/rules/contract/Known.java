package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;

/** A value of a contract with the {@link ContractBasis} it rests on. */
public record Known<T>(T value, ContractBasis basis) {

  public ContractBasis.Source source() {
    return basis.source();
  }

  public boolean isDeclared() {
    return basis.source().isDeclared();
  }
}
