package dev.condlint.rules.contract;

/**
 * Where one part of a contract comes from, in words a user can follow: the source and the entry within
 * it ({@code CRD widgets.example.com}, {@code catalogue: Flux (fluxcd/pkg apis/meta)}).
 */
public record Basis(Source source, String detail) {

  @Override
  public String toString() {
    return source.label() + ": " + detail;
  }
}
