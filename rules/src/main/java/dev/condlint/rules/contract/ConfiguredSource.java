package dev.condlint.rules.contract;

import java.util.List;
import java.util.Set;

/** The {@code contracts} entries of {@code .condlint.yaml} (and its settings as one more entry), in file order. */
record ConfiguredSource(List<ContractSpec> entries) implements ContractSource {

  @Override
  public Precedence precedence() {
    return Precedence.CONFIG;
  }

  @Override
  public Testimony about(KindQuery kind, List<Testimony> stronger) {
    return EntriesTestimony.of(entries.stream()
        .filter(s -> s.matches(kind.group(), kind.version(), kind.kind(), kind.categories()))
        .toList());
  }

  @Override
  public List<String> versions(
      String group, String kind, Set<String> categories, List<ContractSource> stronger, List<String> named) {
    return EntriesTestimony.versions(entries, group, kind, categories);
  }

  @Override
  public boolean speaksForEveryVersion(String group, String kind, Set<String> categories) {
    return EntriesTestimony.speaksForEveryVersion(entries, group, kind, categories);
  }
}
