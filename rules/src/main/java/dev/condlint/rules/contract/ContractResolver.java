package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Pointers;
import dev.condlint.rules.schema.ConditionItemSchema;
import dev.condlint.rules.schema.ConditionListSchema;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.rules.schema.KindSchemas;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Works out the contract of each condition list of an object, part by part, from the strongest source
 * that says something about that part: the configuration, the kind's CRD (else its schema at a schema
 * location a front end read), the catalogue, the kind's schema in condlint's bundled CRD catalogue, then
 * what the object itself shows (its conditions' fields, its types' names, the shape of what holds a
 * nested list).
 * Immutable and safe to share across threads.
 */
public final class ContractResolver {
  private final List<ContractSpec> configured;
  private final Map<String, FieldRule> configuredFieldRules;
  private final CrdCatalog crds;
  private final KindSchemas locations;
  private final Catalogue catalogue;
  private final KindSchemas bundled;
  /** What speaks for each kind met so far, by apiVersion and kind: the sources are fixed per resolver. */
  private final Map<String, KindSources> byKind = new ConcurrentHashMap<>();
  /** The condition schema of each CRD condition list met so far: matching it to a family is done once. */
  private final Map<ConditionItemSchema, ConditionSchema> crdSchemas = new ConcurrentHashMap<>();
  private final Set<String> knownFieldNames;

  /**
   * @param configured the configuration's entries, in file order
   * @param configuredFieldRules field rules the configuration sets for every kind (settings.messageRequired),
   *     applied to any declared schema
   * @param locations where to look for a kind's schema when no CRD of the run defines it: the schema
   *     locations a front end was given, which outrank the catalogue as the run's CRDs do
   * @param bundled where to look for a kind's schema when nothing above declares its condition type:
   *     condlint's bundled CRD catalogue, which the catalogue outranks (its entries say what no schema can,
   *     Knative's reason required only when False)
   */
  public ContractResolver(
      List<ContractSpec> configured, Map<String, FieldRule> configuredFieldRules, CrdCatalog crds,
      KindSchemas locations, Catalogue catalogue, KindSchemas bundled) {
    this.configured = List.copyOf(configured);
    this.configuredFieldRules = Map.copyOf(configuredFieldRules);
    this.crds = crds;
    this.locations = locations;
    this.catalogue = catalogue;
    this.bundled = bundled;
    Set<String> names = new java.util.TreeSet<>();
    catalogue.families().values().forEach(f -> names.addAll(f.schema().fieldNames()));
    this.knownFieldNames = Set.copyOf(names);
  }

  /** A resolver that knows only this catalogue and the bundled CRD catalogue (and, past them, what objects show). */
  public static ContractResolver of(Catalogue catalogue) {
    return new ContractResolver(
        List.of(), Map.of(), CrdCatalog.EMPTY, KindSchemas.NONE, catalogue, KindSchemas.bundled());
  }

  /** The same resolver with these CRDs as a source. */
  public ContractResolver withCrds(CrdCatalog catalog) {
    return new ContractResolver(configured, configuredFieldRules, catalog, locations, catalogue, bundled);
  }

  public Catalogue catalogue() {
    return catalogue;
  }

  /** The contract of every list of the object (as {@code ConditionLists.find} gives them). */
  public ObjectContract resolve(JsonNode object, List<ConditionList> lists, ProfileKnowledge profile) {
    KindSources kind = kindSources(ObjectRef.of(object), profile);
    Map<String, ListContract> contracts = new LinkedHashMap<>();
    for (ConditionList list : lists) {
      contracts.put(list.pointer(), listContract(object, list, kind));
    }
    return new ObjectContract(contracts, kind.strongest(), knownFieldNames, kind.timing());
  }

  /** The timing the catalogue knows for a kind (for {@code condlint status} and explain). */
  public Optional<Known<Timing>> timing(ObjectRef ref) {
    return kindSources(ref, ProfileKnowledge.NONE).timing();
  }

  /** The contract of a kind's list at a path, with nothing inferred from an object (for explain). */
  public ListContract declared(ObjectRef ref, String path, ProfileKnowledge profile) {
    KindSources kind = kindSources(ref, profile);
    return build(path, ref.group(), kind, List.of(), Optional.empty());
  }

  /**
   * The condition list paths (or path patterns) that the configuration, the kind's CRD and the catalogue
   * speak of for a kind, {@code status.conditions} first (for explain).
   */
  public List<String> declaredListPaths(ObjectRef ref) {
    KindSources kind = kindSources(ref, ProfileKnowledge.NONE);
    Set<String> paths = new LinkedHashSet<>();
    paths.add(ListPath.TOP_LEVEL);
    kind.configured().forEach(s -> paths.addAll(s.lists().keySet()));
    kind.schema().ifPresent(s -> paths.addAll(s.lists().keySet()));
    kind.catalogue().forEach(s -> paths.addAll(s.lists().keySet()));
    kind.bundled().ifPresent(s -> paths.addAll(s.lists().keySet()));
    paths.remove(ListPath.ANY);
    return List.copyOf(paths);
  }

  /**
   * The API versions of a group's kind that something names: its CRD's versions, those its schema
   * locations hold, then those that configuration and catalogue entries for the kind are restricted to;
   * where none does and no entry speaks for the kind, those of the bundled CRD catalogue (for explain).
   */
  public List<String> knownVersions(String group, String kind) {
    Set<String> versions = new LinkedHashSet<>();
    Set<String> categories = new LinkedHashSet<>();
    for (CrdVersion crd : crds.versionsOf(group, kind)) {
      versions.add(new ObjectRef(crd.apiVersion(), kind, "", "").version());
      categories.addAll(crd.categories());
    }
    versions.addAll(locations.versions(group, kind));
    List<ContractSpec> entries = new ArrayList<>(configured);
    entries.addAll(catalogue.entries());
    for (ContractSpec spec : entries) {
      spec.versions().stream()
          .filter(v -> spec.matches(group, v, kind, categories))
          .sorted()
          .forEach(versions::add);
    }
    // The bundled CRD catalogue ranks below the entries: where one speaks for every version, so does explain.
    if (versions.isEmpty() && entries.stream().noneMatch(s -> s.versions().isEmpty() && s.matches(group, "", kind, categories))) {
      versions.addAll(bundled.versions(group, kind));
    }
    return List.copyOf(versions);
  }

  /** The condition lists a schema of the kind declares, by path, and its basis. */
  private record DeclaredSchema(Map<String, ConditionListSchema> lists, ContractBasis basis) {
    /**
     * What the schema declares for the list at this path: a schema names a list under a map by its
     * pattern ({@code status.components.*.conditions}), the object by its key.
     */
    Optional<Known<ConditionItemSchema>> itemsAt(String path) {
      return lists.entrySet().stream()
          .filter(e -> ListPath.matches(e.getKey(), path))
          .findFirst()
          .map(e -> new Known<>(e.getValue().items(), basis));
    }

    /** The conditions the schema's {@code default} gives a new object's list at this path. */
    List<JsonNode> defaultsAt(String path) {
      return lists.entrySet().stream()
          .filter(e -> ListPath.matches(e.getKey(), path))
          .findFirst()
          .map(e -> e.getValue().defaults())
          .orElse(List.of());
    }
  }

  /**
   * The entries and schemas that speak for an object's kind, and its profile: {@code schema} is its CRD
   * among the run's, else its schema at a schema location; {@code bundled} its schema in condlint's CRD
   * catalogue, when neither is known.
   */
  private record KindSources(
      List<ContractSpec> configured, Optional<DeclaredSchema> schema, List<ContractSpec> catalogue,
      Optional<DeclaredSchema> bundled, ProfileKnowledge profile) {
    KindSources withProfile(ProfileKnowledge profile) {
      return new KindSources(configured, schema, catalogue, bundled, profile);
    }

    Optional<ContractBasis> strongest() {
      if (!configured.isEmpty()) {
        return Optional.of(configured.get(0).basis());
      }
      if (schema.isPresent()) {
        return Optional.of(schema.get().basis());
      }
      return catalogue.stream().findFirst().map(ContractSpec::basis).or(() -> bundled.map(DeclaredSchema::basis));
    }

    /** The most specific catalogue entry's timing: only the catalogue knows systems' timing. */
    Optional<Known<Timing>> timing() {
      return catalogue.stream()
          .filter(s -> s.timing().isPresent())
          .findFirst()
          .map(s -> new Known<>(s.timing().get(),
              new ContractBasis(ContractBasis.Source.CATALOGUE, s.basis().detail(), s.timing().get().source())));
    }
  }

  private KindSources kindSources(ObjectRef ref, ProfileKnowledge profile) {
    return byKind.computeIfAbsent(ref.apiVersion() + "|" + ref.kind(), k -> entriesFor(ref)).withProfile(profile);
  }

  private KindSources entriesFor(ObjectRef ref) {
    String group = ref.group();
    String version = ref.version();
    String kind = ref.kind();
    Optional<CrdVersion> crd = crds.find(ref.apiVersion(), kind);
    Set<String> categories = crd.map(CrdVersion::categories).orElse(Set.of());
    List<ContractSpec> config = configured.stream().filter(s -> s.matches(group, version, kind, categories)).toList();
    Optional<DeclaredSchema> schema = crd.isPresent()
        ? crd.map(c -> new DeclaredSchema(c.conditionLists(), crdBasis(c)))
        : schemaIn(locations, group, version, kind);
    Optional<DeclaredSchema> inBundled = schema.isPresent() ? Optional.empty() : schemaIn(bundled, group, version, kind);
    return new KindSources(
        config, schema, catalogue.entriesFor(group, version, kind, categories), inBundled, ProfileKnowledge.NONE);
  }

  private static Optional<DeclaredSchema> schemaIn(KindSchemas sources, String group, String version, String kind) {
    return sources.find(group, version, kind).map(m -> new DeclaredSchema(m.schema().conditionLists(),
        new ContractBasis(ContractBasis.Source.CRD_CATALOGUE, m.describe(kind), m.schema().origin().citation())));
  }

  private ListContract listContract(JsonNode object, ConditionList list, KindSources kind) {
    String path = ListPath.of(object, list.pointer());
    Optional<Shaped> shaped = Optional.empty();
    if (!path.equals(ListPath.TOP_LEVEL) && !declaresList(kind, path)) {
      shaped = recognise(object.at(Pointers.parent(list.pointer())));
    }
    return build(path, ObjectRef.of(object).group(), kind, list.conditions().stream().map(c -> c.node()).toList(),
        shaped);
  }

  /** A list spec with the basis it rests on. */
  private record Said(ListSpec spec, ContractBasis basis) {}

  /** A nested list whose holder was recognised by its shape. */
  private record Shaped(String name, List<Said> said) {}

  private boolean declaresList(KindSources kind, String path) {
    return kind.configured().stream().anyMatch(s -> s.listAt(path).isPresent())
        || kind.schema().flatMap(s -> s.itemsAt(path)).isPresent()
        || kind.catalogue().stream().anyMatch(s -> s.listAt(path).isPresent())
        || kind.bundled().flatMap(s -> s.itemsAt(path)).isPresent();
  }

  private Optional<Shaped> recognise(JsonNode holder) {
    for (Shape shape : catalogue.shapes()) {
      if (!shape.matches(holder)) {
        continue;
      }
      ContractBasis basis = new ContractBasis(ContractBasis.Source.INFERRED,
          shape.name() + ", recognised by its fields", shape.source());
      List<Said> said = new ArrayList<>();
      if (shape.asKind().isPresent()) {
        Shape.KindRef as = shape.asKind().get();
        for (ContractSpec spec : catalogue.entriesFor(as.group(), "", as.kind(), Set.of())) {
          spec.listAt(ListPath.TOP_LEVEL).ifPresent(l -> said.add(new Said(l, new ContractBasis(
              ContractBasis.Source.INFERRED, shape.name() + ", judged as a " + as.kind() + "'s conditions",
              spec.basis().citation()))));
        }
      } else {
        said.add(new Said(shape.list(), basis));
      }
      return Optional.of(new Shaped(shape.name(), said));
    }
    return Optional.empty();
  }

  private ListContract build(
      String path, String group, KindSources kind, List<JsonNode> conditions, Optional<Shaped> shaped) {
    List<Said> declared = new ArrayList<>();
    kind.configured().forEach(s -> s.listAt(path).ifPresent(l -> declared.add(new Said(l, s.basis()))));
    int configuredCount = declared.size();
    // A profile's conventions are about the object's own conditions, not nested lists.
    Optional<Said> profile = path.equals(ListPath.TOP_LEVEL)
        ? Optional.of(new Said(kind.profile().effective(), kind.profile().basis()))
        : Optional.empty();
    kind.catalogue().forEach(s -> s.listAt(path).ifPresent(l -> declared.add(new Said(l, s.basis()))));
    int catalogueEnd = declared.size();
    profile.ifPresent(declared::add);
    shaped.ifPresent(s -> declared.addAll(s.said()));
    Optional<Known<ConditionItemSchema>> crdItems = kind.schema().flatMap(s -> s.itemsAt(path));
    Optional<Known<ConditionItemSchema>> bundledItems = kind.bundled().flatMap(s -> s.itemsAt(path));

    Optional<Known<ConditionSchema>> schema = first(declared.subList(0, configuredCount), s -> s.spec().schema());
    if (schema.isEmpty()) {
      schema = crdItems.map(this::crdSchema);
    }
    if (schema.isEmpty()) {
      schema = first(declared.subList(configuredCount, catalogueEnd), s -> s.spec().schema());
    }
    if (schema.isEmpty()) {
      schema = bundledItems.map(this::crdSchema);
    }
    if (schema.isEmpty()) {
      schema = first(declared.subList(catalogueEnd, declared.size()), s -> s.spec().schema());
    }
    schema = schema.map(k -> k.isDeclared() ? new Known<>(k.value().with(configuredFieldRules), k.basis()) : k);
    if (schema.isEmpty()) {
      schema = guessFamily(conditions, group);
    }

    Map<String, Known<Polarity>> types = new LinkedHashMap<>();
    Map<String, Known<Polarity>> endings = new LinkedHashMap<>();
    for (int i = declared.size() - 1; i >= 0; i--) {
      Said s = declared.get(i);
      s.spec().types().forEach((type, polarity) -> types.put(type, new Known<>(polarity, s.basis())));
      s.spec().typeEndings().forEach((end, polarity) -> endings.put(end, new Known<>(polarity, s.basis())));
    }

    Optional<Known<Summary>> summary = first(declared, s -> s.spec().summary());
    if (summary.isEmpty()) {
      summary = inferSummary(conditions);
    }
    Optional<Known<GenerationTracking>> generation = first(declared, s -> s.spec().generation());
    Optional<Known<ConditionItemSchema>> items = crdItems.or(() -> bundledItems);
    if (generation.isEmpty() && items.isPresent() && items.get().value().fields().contains("observedGeneration")) {
      generation = Optional.of(new Known<>(GenerationTracking.CONDITION, items.get().basis()));
    }
    if (generation.isEmpty() && conditions.stream().anyMatch(c -> c.has("observedGeneration"))) {
      generation = Optional.of(new Known<>(GenerationTracking.CONDITION,
          new ContractBasis(ContractBasis.Source.INFERRED, "the observedGeneration some of its conditions carry")));
    }
    List<JsonNode> placeholders = kind.schema().map(d -> d.defaultsAt(path)).filter(d -> !d.isEmpty())
        .or(() -> kind.bundled().map(d -> d.defaultsAt(path)))
        .orElse(List.of());
    return new ListContract(path, schema, types, endings, catalogue.vocabulary(), summary, generation,
        shaped.map(Shaped::name)).withPlaceholders(placeholders);
  }

  private static <T> Optional<Known<T>> first(List<Said> said, java.util.function.Function<Said, Optional<T>> part) {
    for (Said s : said) {
      Optional<T> value = part.apply(s);
      if (value.isPresent()) {
        return Optional.of(new Known<>(value.get(), s.basis()));
      }
    }
    return Optional.empty();
  }

  /** The condition type a schema's item schema declares, matched to a family once per item schema. */
  private Known<ConditionSchema> crdSchema(Known<ConditionItemSchema> items) {
    return new Known<>(crdSchemas.computeIfAbsent(items.value(), this::crdSchema), items.basis());
  }

  private ConditionSchema crdSchema(ConditionItemSchema items) {
    Map<String, FieldRule> fields = new LinkedHashMap<>();
    for (String field : items.fields()) {
      FieldRule rule = items.required().contains(field) ? FieldRule.REQUIRED : FieldRule.OPTIONAL;
      fields.put(field, items.nonEmpty().contains(field) ? rule.nonEmptyValue() : rule);
    }
    Optional<ConditionSchema> family = catalogue.families().values().stream()
        .map(ConditionFamily::schema)
        .filter(f -> f.fields().equals(fields) || sameFields(f, fields))
        .findFirst();
    // The CRD's own formats: what the API server holds the times to, whatever the Go type behind it.
    FieldFormats familyFormats = family.map(ConditionSchema::formats).orElse(FieldFormats.NONE);
    return new ConditionSchema(family.flatMap(ConditionSchema::family), fields, new FieldFormats(
        familyFormats.patterned(), items.dateTimes(), items.plainTimes(), familyFormats.otherStatuses()));
  }

  private static boolean sameFields(ConditionSchema family, Map<String, FieldRule> fields) {
    if (!family.fieldNames().equals(fields.keySet())) {
      return false;
    }
    for (Map.Entry<String, FieldRule> e : fields.entrySet()) {
      if (family.fields().get(e.getKey()).required() != e.getValue().required()) {
        return false;
      }
    }
    return true;
  }

  private static ContractBasis crdBasis(CrdVersion crd) {
    return new ContractBasis(ContractBasis.Source.CRD, "CRD " + crd.crdName() + " (" + crd.apiVersion() + ")");
  }


  private Optional<Known<ConditionSchema>> guessFamily(List<JsonNode> conditions, String group) {
    Set<String> seen = new LinkedHashSet<>();
    for (JsonNode c : conditions) {
      Iterator<String> names = c.fieldNames();
      names.forEachRemaining(seen::add);
    }
    if (seen.isEmpty()) {
      return Optional.empty();
    }
    for (FamilyGuess guess : catalogue.guesses()) {
      if (conditions.stream().noneMatch(c -> hasFields(c, guess.when())) || !guess.appliesTo(group)) {
        continue;
      }
      if (!guess.within().isEmpty()
          && !catalogue.families().get(guess.within()).schema().fieldNames().containsAll(seen)) {
        continue;
      }
      ConditionFamily family = catalogue.families().get(guess.family());
      String evidence = guess.when().size() == 1
          ? String.join(", ", guess.when()) + ", as " + family.title() + " has"
          : "one has " + String.join(", ", guess.when()) + ", as " + family.title() + " requires";
      return Optional.of(new Known<>(family.schema(), new ContractBasis(ContractBasis.Source.INFERRED,
          "the fields its conditions carry (" + evidence + ")"), guess.holds()));
    }
    return Optional.empty();
  }

  /** Whether the condition carries every one of these fields. */
  private static boolean hasFields(JsonNode condition, Set<String> fields) {
    return fields.stream().allMatch(condition::has);
  }

  private Optional<Known<Summary>> inferSummary(List<JsonNode> conditions) {
    List<String> present = new ArrayList<>();
    for (JsonNode c : conditions) {
      String type = c.path("type").asText("");
      if (catalogue.vocabulary().summaryNames().contains(type) && !present.contains(type)) {
        present.add(type);
      }
    }
    if (present.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Known<>(new Summary(present, false), new ContractBasis(ContractBasis.Source.INFERRED,
        "the type name " + String.join(" and ", present))));
  }
}
