package dev.condlint.rules.contract;

/** A value of a contract with the {@link Basis} it rests on. */
public record Known<T>(T value, Basis basis) {

  public Source source() {
    return basis.source();
  }

  public boolean isDeclared() {
    return basis.source().isDeclared();
  }
}
