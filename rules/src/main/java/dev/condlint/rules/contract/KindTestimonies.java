package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a resolver's sources testify of each kind met so far, and of each list of it: the sources are
 * fixed per resolver, so what they say of a kind, and what those that read only a list's path and profile
 * say of a list, is worked out once (a status update's contract resolution was a tenth of its rules' CPU,
 * most of it these). Safe to share across threads.
 */
final class KindTestimonies {
  /** At most this many kinds and lists are kept; past that they are worked out each time (kinds come from requests). */
  static final int MAX_KEPT = 4096;

  private final List<ContractSource> sources;
  private final CrdCatalog crds;
  private final List<ContractSpec> configured;
  private final Map<KindKey, Kind> byKind = new ConcurrentHashMap<>();
  private final Map<ListKey, List<Said>> byList = new ConcurrentHashMap<>();

  KindTestimonies(List<ContractSource> sources, CrdCatalog crds, List<ContractSpec> configured) {
    this.sources = sources;
    this.crds = crds;
    this.configured = configured;
  }

  /**
   * The categories of a kind's version: those its CRD among the run's lists, and those the configuration's
   * entries for the kind state (a CRD's categories, written by {@code contracts export}), which select
   * the entries of {@code crdCategories} alike.
   */
  Set<String> categories(ObjectRef ref) {
    Set<String> ofCrd = crds.find(ref.apiVersion(), ref.kind()).map(CrdVersion::categories).orElse(Set.of());
    Set<String> out = new LinkedHashSet<>(ofCrd);
    configured.stream().filter(s -> s.matches(ref.group(), ref.version(), ref.kind(), ofCrd))
        .forEach(s -> out.addAll(s.categories()));
    return Set.copyOf(out);
  }

  /** The categories of a kind, any version: its CRDs' and those the configuration's entries for it state. */
  Set<String> categories(String group, String kind) {
    Set<String> out = new LinkedHashSet<>();
    crds.versionsOf(group, kind).forEach(crd -> out.addAll(crd.categories()));
    configured.stream().filter(s -> s.group().matches(group) && (s.kinds().isEmpty() || s.kinds().contains(kind)))
        .forEach(s -> out.addAll(s.categories()));
    return out;
  }

  /**
   * What the sources say of a kind, and what follows from that alone: the basis of the strongest that
   * speaks for the kind, its timing, and how many testimonies, from the first, read only a list's path
   * and profile.
   */
  record Kind(
      List<Testimony> said, Optional<ContractBasis> strongest, Optional<Known<Timing>> timing, int byPath) {}

  private record KindKey(String apiVersion, String kind) {}

  /** A list of a kind (its testimonies, one instance per kind) at a path, for a profile; by identity. */
  private record ListKey(List<Testimony> kind, String path, ProfileKnowledge profile) {
    @Override
    public boolean equals(Object o) {
      return o instanceof ListKey other && kind == other.kind && profile == other.profile && path.equals(other.path);
    }

    @Override
    public int hashCode() {
      return (31 * System.identityHashCode(kind) + System.identityHashCode(profile)) * 31 + path.hashCode();
    }
  }

  Kind of(ObjectRef ref) {
    KindKey key = new KindKey(ref.apiVersion(), ref.kind());
    Kind known = byKind.get(key);
    if (known != null) {
      return known;
    }
    known = compute(ref);
    if (byKind.size() < MAX_KEPT) {
      byKind.putIfAbsent(key, known);
    }
    return known;
  }

  private Kind compute(ObjectRef ref) {
    KindQuery query = new KindQuery(ref, categories(ref));
    List<Testimony> said = new ArrayList<>();
    sources.forEach(s -> said.add(s.about(query, List.copyOf(said))));
    int byPath = 0;
    while (byPath < said.size() && said.get(byPath).readsOnlyPathAndProfile()) {
      byPath++;
    }
    return new Kind(List.copyOf(said), said.stream().flatMap(t -> t.basis().stream()).findFirst(),
        said.stream().flatMap(t -> t.timing().stream()).findFirst(), byPath);
  }

  /** What every testimony of the kind says of a list, strongest first. */
  List<Said> about(ListQuery list, Kind kind) {
    List<Said> said = new ArrayList<>(saidByPath(list, kind));
    for (Testimony t : kind.said().subList(kind.byPath(), kind.said().size())) {
      said.addAll(t.listAt(list, List.copyOf(said)));
    }
    return said;
  }

  /** What the first testimonies of the kind, those that read only the path and profile, say of a list. */
  private List<Said> saidByPath(ListQuery list, Kind kind) {
    ListKey key = new ListKey(kind.said(), list.path(), list.profile());
    List<Said> known = byList.get(key);
    if (known != null) {
      return known;
    }
    List<Said> said = new ArrayList<>();
    for (Testimony t : kind.said().subList(0, kind.byPath())) {
      said.addAll(t.listAt(list, List.copyOf(said)));
    }
    known = List.copyOf(said);
    if (byList.size() < MAX_KEPT) {
      byList.putIfAbsent(key, known);
    }
    return known;
  }
}
