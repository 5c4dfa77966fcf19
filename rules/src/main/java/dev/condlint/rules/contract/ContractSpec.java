package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One entry of the configuration's {@code contracts} or of the built-in catalogue: the kinds it is
 * about (group pattern, kinds, versions) and what it says about their condition lists, by list path
 * pattern ({@code status.conditions}, {@code status.listeners[].conditions}).
 *
 * @param kinds empty for every kind of the group
 * @param versions empty for every version
 * @param crdCategories when not empty, the entry speaks only for kinds whose CRD is known and lists one of
 *     these categories (Crossplane's composite resources and claims, whose groups and kinds users choose)
 * @param basis where the entry stands, for findings and {@code condlint explain}
 * @param timing the deadlines and backoff the kinds' system documents (catalogue entries only)
 * @param categories the categories the kinds' CRD lists ({@code spec.names.categories}), stated where the
 *     CRD is not in the run: they select the entries of {@code crdCategories} as the CRD's own would
 */
public record ContractSpec(
    GroupPattern group,
    Set<String> kinds,
    Set<String> versions,
    Set<String> crdCategories,
    Map<String, ListSpec> lists,
    ContractBasis basis,
    Optional<Timing> timing,
    Set<String> categories) {

  public ContractSpec {
    categories = Set.copyOf(categories);
    kinds = Set.copyOf(kinds);
    versions = Set.copyOf(versions);
    crdCategories = Set.copyOf(crdCategories);
    lists = Collections.unmodifiableMap(new LinkedHashMap<>(lists));
  }

  /** An entry that states no categories of its kinds. */
  public ContractSpec(
      GroupPattern group,
      Set<String> kinds,
      Set<String> versions,
      Set<String> crdCategories,
      Map<String, ListSpec> lists,
      ContractBasis basis,
      Optional<Timing> timing) {
    this(group, kinds, versions, crdCategories, lists, basis, timing, Set.of());
  }

  /** An entry that says nothing of timing. */
  public ContractSpec(
      GroupPattern group,
      Set<String> kinds,
      Set<String> versions,
      Set<String> crdCategories,
      Map<String, ListSpec> lists,
      ContractBasis basis) {
    this(group, kinds, versions, crdCategories, lists, basis, Optional.empty(), Set.of());
  }

  /** Whether the entry speaks for this kind, whose CRD (when known) lists these categories. */
  public boolean matches(String group, String version, String kind, Set<String> categories) {
    return this.group.matches(group)
        && (kinds.isEmpty() || kinds.contains(kind))
        && (versions.isEmpty() || versions.contains(version))
        && (crdCategories.isEmpty() || categories.stream().anyMatch(crdCategories::contains));
  }

  /** What the entry says about the list at this path (the first pattern that matches). */
  public Optional<ListSpec> listAt(String path) {
    ListSpec exact = lists.get(path);
    if (exact != null) {
      return Optional.of(exact);
    }
    for (Map.Entry<String, ListSpec> e : lists.entrySet()) {
      if (ListPath.matches(e.getKey(), path)) {
        return Optional.of(e.getValue());
      }
    }
    return Optional.ofNullable(lists.get(ListPath.ANY));
  }
}
