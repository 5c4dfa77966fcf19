package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Pointers;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.KindSchemas;
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
  private final KindTestimonies testimonies;
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
        new ShapeSource(catalogue), new SiblingSource(bundled, catalogue), new InferenceSource(catalogue));
    Precedence.checkOrder(sources.stream().map(ContractSource::precedence).toList());
    this.testimonies = new KindTestimonies(sources, crds, this.configured);
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

  /** The printer columns of the kind's CRD at the object's version that show one condition's status. */
  public Optional<ShownConditions> conditionColumns(ObjectRef ref) {
    return ShownConditions.of(crds, locations, bundled, ref);
  }

  /** The contract of every list of the object (as {@code ConditionLists.find} gives them). */
  public ObjectContract resolve(JsonNode object, List<ConditionList> lists, ProfileKnowledge profile) {
    return resolve(object, ObjectRef.of(object), lists, profile);
  }

  /** {@link #resolve(JsonNode, List, ProfileKnowledge)} of an object whose reference is {@code ref}. */
  public ObjectContract resolve(JsonNode object, ObjectRef ref, List<ConditionList> lists, ProfileKnowledge profile) {
    KindTestimonies.Kind kind = testimonies.of(ref);
    Map<String, ListContract> contracts = new LinkedHashMap<>();
    for (ConditionList list : lists) {
      // ConditionLists finds lists only in an object status, so /status/conditions is always this path.
      String path = list.isTopLevel() ? ListPath.TOP_LEVEL : ListPath.of(object, list.pointer());
      contracts.put(list.pointer(), fold(new ListQuery(path, ref.group(),
          list.conditionNodes(),
          Optional.of(object.at(Pointers.parent(list.pointer()))), profile), kind));
    }
    return new ObjectContract(contracts, kind.strongest(), catalogue.fieldNames(), kind.timing(),
        catalogue.unfamiliarFields());
  }

  /** The timing the sources know for a kind (for {@code condlint status} and explain). */
  public Optional<Known<Timing>> timing(ObjectRef ref) {
    return testimonies.of(ref).timing();
  }

  /** The contract of a kind's list at a path, with nothing inferred from an object (for explain). */
  public ListContract declared(ObjectRef ref, String path, ProfileKnowledge profile) {
    return fold(new ListQuery(path, ref.group(), List.of(), Optional.empty(), profile), testimonies.of(ref));
  }

  /** The per-type facts the configuration's and the catalogue's entries state for a kind ({@link KindFacts}). */
  public TypeFacts facts(ObjectRef ref) {
    String key = ref.apiVersion() + "|" + ref.kind();
    TypeFacts known = factsByKind.get(key);
    if (known == null) { // kinds come from requests: at most as many kept as KindTestimonies keeps lists
      known = KindFacts.of(configured, catalogue, ref, testimonies.categories(ref));
      if (factsByKind.size() < KindTestimonies.MAX_KEPT) {
        factsByKind.putIfAbsent(key, known);
      }
    }
    return known;
  }

  /** The condition list paths (or path patterns) the sources speak of for a kind, {@code status.conditions} first. */
  public List<String> declaredListPaths(ObjectRef ref) {
    Set<String> paths = new LinkedHashSet<>();
    paths.add(ListPath.TOP_LEVEL);
    testimonies.of(ref).said().forEach(t -> paths.addAll(t.listPaths()));
    paths.remove(ListPath.ANY);
    return List.copyOf(paths);
  }

  /** The API versions of a group's kind that the sources name, strongest first (for explain). */
  public List<String> knownVersions(String group, String kind) {
    Set<String> categories = testimonies.categories(group, kind);
    Set<String> versions = new LinkedHashSet<>();
    for (int i = 0; i < sources.size(); i++) {
      versions.addAll(sources.get(i).versions(group, kind, categories, sources.subList(0, i), List.copyOf(versions)));
    }
    return List.copyOf(versions);
  }

  /** Each part from the first source that says it; polarities type by type. */
  private ListContract fold(ListQuery list, KindTestimonies.Kind kind) {
    List<Said> said = testimonies.about(list, kind);
    Optional<Known<ConditionSchema>> schema = Said.first(said, Said::schema)
        .map(k -> k.isDeclared() ? new Known<>(k.value().with(configuredFieldRules), k.basis(), k.hold(), k.asks()) : k);
    Map<String, Known<Polarity>> types = new LinkedHashMap<>();
    Map<String, Known<Polarity>> endings = new LinkedHashMap<>();
    for (int i = said.size() - 1; i >= 0; i--) { // the weakest first, so that a stronger source overrides it
      types.putAll(said.get(i).types());
      endings.putAll(said.get(i).typeEndings());
    }
    return new ListContract(list.path(), schema, types, endings, catalogue.vocabulary(),
        Said.first(said, Said::summary), Said.first(said, Said::generation), Said.first(said, Said::recognisedAs))
        .withPlaceholders(Said.placeholders(said))
        .withConstraints(Said.first(said, Said::constraints).map(Known::value));
  }
}
