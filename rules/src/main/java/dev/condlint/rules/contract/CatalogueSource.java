package dev.condlint.rules.contract;

import java.util.List;
import java.util.Set;

/** condlint's catalogue: its entries for the kind, the most specific group first. */
record CatalogueSource(Catalogue catalogue) implements ContractSource {

  @Override
  public Precedence precedence() {
    return Precedence.CATALOGUE;
  }

  @Override
  public Testimony about(KindQuery kind, List<Testimony> stronger) {
    return EntriesTestimony.of(catalogue.entriesFor(kind.group(), kind.version(), kind.kind(), kind.categories()));
  }

  @Override
  public List<String> versions(
      String group, String kind, Set<String> categories, List<ContractSource> stronger, List<String> named) {
    return EntriesTestimony.versions(catalogue.entries(), group, kind, categories);
  }

  @Override
  public boolean speaksForEveryVersion(String group, String kind, Set<String> categories) {
    return EntriesTestimony.speaksForEveryVersion(catalogue.entries(), group, kind, categories);
  }
}
