package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What the entries (of the configuration or the catalogue) that match a kind say of it, the first entry first. */
record EntriesTestimony(List<ContractSpec> entries) implements Testimony {

  static Testimony of(List<ContractSpec> entries) {
    return entries.isEmpty() ? SILENT : new EntriesTestimony(entries);
  }

  @Override
  public Optional<ContractBasis> basis() {
    return entries.stream().findFirst().map(ContractSpec::basis);
  }

  @Override
  public List<String> listPaths() {
    Set<String> paths = new LinkedHashSet<>();
    entries.forEach(s -> paths.addAll(s.lists().keySet()));
    return List.copyOf(paths);
  }

  @Override
  public boolean readsOnlyPathAndProfile() {
    return true;
  }

  @Override
  public List<Said> listAt(ListQuery list, List<Said> stronger) {
    return entries.stream()
        .flatMap(s -> s.listAt(list.path()).map(l -> Said.of(l, s.basis())).stream())
        .toList();
  }

  /** The first entry's timing that states one: the most specific catalogue entry's. */
  @Override
  public Optional<Known<Timing>> timing() {
    return entries.stream()
        .filter(s -> s.timing().isPresent())
        .findFirst()
        .map(s -> new Known<>(s.timing().get(),
            new ContractBasis(s.basis().source(), s.basis().detail(), s.timing().get().source())));
  }

  /** The versions of the kind the entries are restricted to, each entry's in order. */
  static List<String> versions(List<ContractSpec> entries, String group, String kind, Set<String> categories) {
    return entries.stream()
        .flatMap(spec -> spec.versions().stream().filter(v -> spec.matches(group, v, kind, categories)).sorted())
        .toList();
  }

  /** Whether one of the entries speaks for every version of the kind. */
  static boolean speaksForEveryVersion(List<ContractSpec> entries, String group, String kind, Set<String> categories) {
    return entries.stream().anyMatch(s -> s.versions().isEmpty() && s.matches(group, "", kind, categories));
  }
}
