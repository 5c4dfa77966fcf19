package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Pointers;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.rules.schema.KindSchemas;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Works out the contract of each condition list of an object, part by part, from the strongest source
 * that says something about that part: its sources, one per {@link Precedence}, in that order.
 * Immutable and safe to share across threads.
 */
public final class ContractResolver {
  private final List<ContractSpec> configured;
  private final Map<String, FieldRule> configuredFieldRules;
  private final CrdCatalog crds;
  private final KindSchemas locations;
  private final Catalogue catalogue;
  private final KindSchemas bundled;
  private final List<ContractSource> sources;
  /** What each source says of each kind met so far, by apiVersion and kind: the sources are fixed per resolver. */
  private final Map<KindKey, Kind> byKind = new ConcurrentHashMap<>();
  /**
   * What the testimonies that read only a list's path and profile say of it, by kind, path and profile: a
   * status update's contract resolution was a tenth of its rules' CPU, most of it these. At most
   * {@link #MAX_KEPT} lists are kept; past that they are worked out each time.
   */
  private final Map<ListKey, List<Said>> byList = new ConcurrentHashMap<>();
  private static final int MAX_KEPT = 4096;

  private record KindKey(String apiVersion, String kind) {}

  /**
   * What the sources say of a kind, and what follows from that alone: the basis of the strongest that
   * speaks for the kind, its timing, and how many testimonies, from the first, read only a list's path
   * and profile.
   */
  private record Kind(
      List<Testimony> said, Optional<ContractBasis> strongest, Optional<Known<Timing>> timing, int byPath) {}

  /** A list of a kind (its testimonies, one instance per kind) at a path, for a profile; by identity. */
  private static final class ListKey {
    private final List<Testimony> kind;
    private final String path;
    private final ProfileKnowledge profile;

    ListKey(List<Testimony> kind, String path, ProfileKnowledge profile) {
      this.kind = kind;
      this.path = path;
      this.profile = profile;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ListKey other && kind == other.kind && profile == other.profile && path.equals(other.path);
    }

    @Override
    public int hashCode() {
      return (31 * System.identityHashCode(kind) + System.identityHashCode(profile)) * 31 + path.hashCode();
    }
  }
  private final Map<String, TypeFacts> factsByKind = new ConcurrentHashMap<>();

  /** {@code configured}: the configuration's entries in file order; {@code configuredFieldRules}: settings.messageRequired. */
  public ContractResolver(
      List<ContractSpec> configured, Map<String, FieldRule> configuredFieldRules, CrdCatalog crds,
      KindSchemas locations, Catalogue catalogue, KindSchemas bundled) {
    this.configured = List.copyOf(configured);
    this.configuredFieldRules = Map.copyOf(configuredFieldRules);
    this.crds = crds;
    this.locations = locations;
    this.catalogue = catalogue;
    this.bundled = bundled;
    ItemSchemas reader = new ItemSchemas(catalogue);
    this.sources = List.of(new ConfiguredSource(this.configured), new CrdSource(crds, reader),
        new SchemaCatalogueSource(Precedence.SCHEMA_LOCATION, locations, reader), new CatalogueSource(catalogue),
        new SchemaCatalogueSource(Precedence.CRD_CATALOGUE, bundled, reader), new ProfileSource(),
        new ShapeSource(catalogue), new InferenceSource(catalogue));
    Precedence.checkOrder(sources.stream().map(ContractSource::precedence).toList());
  }

  /** A resolver that knows only this catalogue and the bundled CRD catalogue (and what objects show). */
  public static ContractResolver of(Catalogue catalogue) {
    return new ContractResolver(
        List.of(), Map.of(), CrdCatalog.EMPTY, KindSchemas.NONE, catalogue, KindSchemas.bundled());
  }

  /** The same resolver with these CRDs as a source. */
  public ContractResolver withCrds(CrdCatalog catalog) {
    return new ContractResolver(configured, configuredFieldRules, catalog, locations, catalogue, bundled);
  }

  public Catalogue catalogue() { return catalogue; }
  /** The contract of every list of the object (as {@code ConditionLists.find} gives them). */
  public ObjectContract resolve(JsonNode object, List<ConditionList> lists, ProfileKnowledge profile) {
    ObjectRef ref = ObjectRef.of(object);
    Kind kind = kind(ref);
    Map<String, ListContract> contracts = new LinkedHashMap<>();
    for (ConditionList list : lists) {
      // ConditionLists finds lists only in an object status, so /status/conditions is always this path.
      String path = list.isTopLevel() ? ListPath.TOP_LEVEL : ListPath.of(object, list.pointer());
      contracts.put(list.pointer(), fold(new ListQuery(path, ref.group(),
          list.conditions().stream().map(c -> c.node()).toList(),
          Optional.of(object.at(Pointers.parent(list.pointer()))), profile), kind));
    }
    return new ObjectContract(contracts, kind.strongest(), catalogue.fieldNames(), kind.timing());
  }

  /** The timing the sources know for a kind (for {@code condlint status} and explain). */
  public Optional<Known<Timing>> timing(ObjectRef ref) {
    return kind(ref).timing();
  }

  /** The contract of a kind's list at a path, with nothing inferred from an object (for explain). */
  public ListContract declared(ObjectRef ref, String path, ProfileKnowledge profile) {
    return fold(new ListQuery(path, ref.group(), List.of(), Optional.empty(), profile), kind(ref));
  }

  /** The per-type facts the configuration's and the catalogue's entries state for a kind ({@link KindFacts}). */
  public TypeFacts facts(ObjectRef ref) {
    return factsByKind.computeIfAbsent(ref.apiVersion() + "|" + ref.kind(), k -> KindFacts.of(configured, catalogue,
        ref, crds.find(ref.apiVersion(), ref.kind()).map(CrdVersion::categories).orElse(Set.of())));
  }

  /** The condition list paths (or path patterns) the sources speak of for a kind, {@code status.conditions} first. */
  public List<String> declaredListPaths(ObjectRef ref) {
    Set<String> paths = new LinkedHashSet<>();
    paths.add(ListPath.TOP_LEVEL);
    kind(ref).said().forEach(t -> paths.addAll(t.listPaths()));
    paths.remove(ListPath.ANY);
    return List.copyOf(paths);
  }

  /** The API versions of a group's kind that the sources name, strongest first (for explain). */
  public List<String> knownVersions(String group, String kind) {
    Set<String> categories = new LinkedHashSet<>();
    crds.versionsOf(group, kind).forEach(crd -> categories.addAll(crd.categories()));
    Set<String> versions = new LinkedHashSet<>();
    for (int i = 0; i < sources.size(); i++) {
      versions.addAll(sources.get(i).versions(group, kind, categories, sources.subList(0, i), List.copyOf(versions)));
    }
    return List.copyOf(versions);
  }

  private Kind kind(ObjectRef ref) {
    KindKey key = new KindKey(ref.apiVersion(), ref.kind());
    Kind known = byKind.get(key);
    return known != null ? known : byKind.computeIfAbsent(key, k -> {
      Set<String> categories = crds.find(ref.apiVersion(), ref.kind()).map(CrdVersion::categories).orElse(Set.of());
      KindQuery query = new KindQuery(ref, categories);
      List<Testimony> said = new ArrayList<>();
      sources.forEach(s -> said.add(s.about(query, List.copyOf(said))));
      int byPath = 0;
      while (byPath < said.size() && said.get(byPath).readsOnlyPathAndProfile()) {
        byPath++;
      }
      return new Kind(List.copyOf(said), said.stream().flatMap(t -> t.basis().stream()).findFirst(), timing(said),
          byPath);
    });
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

  private static Optional<Known<Timing>> timing(List<Testimony> kind) {
    return kind.stream().flatMap(t -> t.timing().stream()).findFirst();
  }

  /** Each part from the first source that says it; polarities type by type. */
  private ListContract fold(ListQuery list, Kind kind) {
    List<Said> said = new ArrayList<>(saidByPath(list, kind));
    for (Testimony t : kind.said().subList(kind.byPath(), kind.said().size())) {
      said.addAll(t.listAt(list, List.copyOf(said)));
    }
    Optional<Known<ConditionSchema>> schema = said.stream().flatMap(s -> s.schema().stream()).findFirst()
        .map(k -> k.isDeclared() ? new Known<>(k.value().with(configuredFieldRules), k.basis(), k.hold()) : k);
    Map<String, Known<Polarity>> types = new LinkedHashMap<>();
    Map<String, Known<Polarity>> endings = new LinkedHashMap<>();
    for (int i = said.size() - 1; i >= 0; i--) { // the weakest first, so that a stronger source overrides it
      types.putAll(said.get(i).types());
      endings.putAll(said.get(i).typeEndings());
    }
    return new ListContract(list.path(), schema, types, endings, catalogue.vocabulary(),
        said.stream().flatMap(s -> s.summary().stream()).findFirst(),
        said.stream().flatMap(s -> s.generation().stream()).findFirst(),
        said.stream().flatMap(s -> s.recognisedAs().stream()).findFirst())
        .withPlaceholders(said.stream().filter(s -> s.items().isPresent()).findFirst()
            .map(Said::placeholders).orElse(List.of()))
        .withConstraints(said.stream().flatMap(s -> s.constraints().stream()).findFirst().map(Known::value));
  }
}
