package dev.condlint.rules.contract;

import dev.condlint.model.ObjectRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The per-type facts that the entries of the configuration and of the catalogue state for a kind (any
 * of its lists), part by part from the strongest entry that states the part: configuration entries in
 * file order, then catalogue entries, the most specific group first. They are taken over the profile's.
 */
final class KindFacts {
  private KindFacts() {}

  static TypeFacts of(List<ContractSpec> configured, Catalogue catalogue, ObjectRef ref, Set<String> categories) {
    List<ContractSpec> entries = new ArrayList<>();
    configured.stream().filter(s -> s.matches(ref.group(), ref.version(), ref.kind(), categories)).forEach(entries::add);
    entries.addAll(catalogue.entriesFor(ref.group(), ref.version(), ref.kind(), categories));
    TypeFacts facts = TypeFacts.NONE;
    for (ContractSpec entry : entries) {
      for (ListSpec list : entry.lists().values()) {
        facts = facts.over(list.facts());
      }
    }
    return facts;
  }
}
