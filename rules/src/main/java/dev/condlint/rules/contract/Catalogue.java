package dev.condlint.rules.contract;

import static dev.condlint.rules.contract.ContractSpecReader.strings;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.schema.JsonTree;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * condlint's built-in knowledge of condition types, read from the JSON files under
 * {@code dev/condlint/rules/contract/catalogue/}: the condition families (shared condition structs), the
 * entries for well-known API groups and kinds, the vocabulary of type names whose polarity is the same
 * everywhere, the rules for guessing a family from fields, and the shapes of embedded structs. Every
 * entry cites its upstream source; docs/catalogue.md lists them, docs/contracts.md explains them.
 */
public final class Catalogue {
  private static final String ROOT = "/dev/condlint/rules/contract/catalogue/";

  private final Map<String, ConditionFamily> families;
  private final List<FamilyGuess> guesses;
  private final List<ContractSpec> entries;
  private final Map<String, Set<String>> familiesByGroup = new java.util.concurrent.ConcurrentHashMap<>();
  private final TypeVocabulary vocabulary;
  private final List<Shape> shapes;
  private final List<ProfileSpec> profiles;
  private final Set<String> fieldNames;
  private final Optional<String> unfamiliarFields;

  Catalogue(
      Map<String, ConditionFamily> families,
      List<FamilyGuess> guesses,
      List<ContractSpec> entries,
      TypeVocabulary vocabulary,
      List<Shape> shapes,
      List<ProfileSpec> profiles,
      Optional<String> unfamiliarFields) {
    this.unfamiliarFields = unfamiliarFields;
    this.profiles = List.copyOf(profiles);
    this.families = Collections.unmodifiableMap(new LinkedHashMap<>(families));
    this.guesses = List.copyOf(guesses);
    this.entries = List.copyOf(entries);
    this.vocabulary = vocabulary;
    this.shapes = List.copyOf(shapes);
    Set<String> names = new java.util.TreeSet<>();
    families.values().forEach(f -> names.addAll(f.schema().fieldNames()));
    this.fieldNames = Set.copyOf(names);
  }

  /** A catalogue that knows nothing: every contract is inferred. */
  public static final Catalogue EMPTY =
      new Catalogue(Map.of(), List.of(), List.of(), TypeVocabulary.EMPTY, List.of(), List.of(), Optional.empty());

  private static final class BuiltIn {
    static final Catalogue INSTANCE = load();
  }

  /** The built-in catalogue, read once. */
  public static Catalogue builtIn() {
    return BuiltIn.INSTANCE;
  }

  public Map<String, ConditionFamily> families() {
    return families;
  }

  public List<FamilyGuess> guesses() {
    return guesses;
  }

  /** Every entry, in the order the index lists its file and the file lists it. */
  public List<ContractSpec> entries() {
    return entries;
  }

  public TypeVocabulary vocabulary() {
    return vocabulary;
  }

  /** The fields of every condition family the catalogue knows. */
  public Set<String> fieldNames() {
    return fieldNames;
  }

  /**
   * The evidence ladder's bottom rung (families.json {@code unfamiliarFields}), where the catalogue has it: on a
   * condition list nothing declares, a field that no family has is reported (at warning, inferred); its value
   * is the measurement it rests on. Empty: only a field every family spells otherwise is.
   */
  public Optional<String> unfamiliarFields() {
    return unfamiliarFields;
  }

  public List<Shape> shapes() {
    return shapes;
  }

  /** The built-in profiles of profiles.json, in its order. */
  public List<ProfileSpec> profiles() {
    return profiles;
  }

  /** The entries that speak for a kind, most specific group pattern first. */
  public List<ContractSpec> entriesFor(String group, String version, String kind, Set<String> crdCategories) {
    List<ContractSpec> out = new ArrayList<>();
    for (ContractSpec e : entries) {
      if (e.matches(group, version, kind, crdCategories)) {
        out.add(e);
      }
    }
    out.sort((a, b) -> Integer.compare(b.group().specificity(), a.group().specificity()));
    return out;
  }

  /**
   * The condition families the catalogue's entries declare for a group's lists (entries of the group
   * itself or of a {@code *.suffix} pattern of it; never the catch-all {@code *}): the project condition
   * types that the group's kinds are known to use.
   */
  public Set<String> familiesOfGroup(String group) {
    return familiesByGroup.computeIfAbsent(group, g -> {
      Set<String> out = new LinkedHashSet<>();
      for (ContractSpec e : entries) {
        if (e.group().specificity() > 0 && e.group().matches(g)) {
          e.lists().values().forEach(l -> l.family().ifPresent(f -> out.add(f.id())));
        }
      }
      return Set.copyOf(out);
    });
  }

  static Catalogue load() {
    JsonNode index = read("index.json");
    JsonNode familyFile = read("families.json");
    Map<String, ConditionFamily> families = new LinkedHashMap<>();
    for (JsonNode f : familyFile.path("families")) {
      ConditionSchema schema = new ConditionSchema(Optional.of(f.path("id").asText()),
          fieldRules(f.path("id").asText(), f.path("fields"), f.path("constraints")),
          formats(f.path("fields"), f.path("constraints")));
      families.put(f.path("id").asText(),
          new ConditionFamily(f.path("id").asText(), f.path("title").asText(), schema, f.path("source").asText(),
              SchemaMarkers.of(f.path("constraints")), signature(f)));
    }
    List<FamilyGuess> guesses = new ArrayList<>();
    for (JsonNode g : familyFile.path("guesses")) {
      String family = g.path("family").asText();
      require(families.containsKey(family), "families.json: guess names unknown family " + family);
      Known.Hold holds = Known.Hold.valueOf(g.path("holds").asText("none").toUpperCase(java.util.Locale.ROOT));
      Known.Asks asks = g.has("asks")
          ? new Known.Asks(new LinkedHashSet<>(strings(g.path("asks").path("fields"))), g.path("asks").path("others").asInt(1),
              new LinkedHashSet<>(strings(g.path("asks").path("onlyWhenAbnormal"))))
          : holds == Known.Hold.FIELDS ? Known.Asks.REQUIRED : Known.Asks.NONE;
      require(!g.has("asks") || holds == Known.Hold.VALUES,
          "families.json: a guess that asks for some absent fields holds the values");
      require(!g.has("claims") || holds == Known.Hold.VALUES,
          "families.json: a guess that names its claims on the values holds the values");
      Set<String> claims = g.has("claims") ? Set.copyOf(strings(g.path("claims"))) : Known.EVERY_CLAIM;
      claims.forEach(c -> require(c.equals("*") || c.equals("closed") || c.matches("[A-Za-z]+\\.[A-Za-z]+"),
          "families.json: a guess's claim is closed or FIELD.KEYWORD: " + c));
      guesses.add(new FamilyGuess(new LinkedHashSet<>(strings(g.path("when"))), family, g.path("within").asText(""),
          strings(g.path("groups")).stream().map(GroupPattern::new).toList(), holds, asks, claims));
    }
    ContractSpecReader reader = ContractSpecReader.forCatalogue(families);
    List<ContractSpec> entries = new ArrayList<>();
    for (JsonNode name : index.path("entries")) {
      JsonNode file = read(name.asText());
      String title = file.path("name").asText();
      JsonNode list = file.path("entries");
      ContractSpecReader.Result result = reader.read(list, "", i -> new ContractBasis(ContractBasis.Source.CATALOGUE,
          title, list.get(i).path("source").asText(file.path("source").asText())));
      require(result.problems().isEmpty(), name.asText() + ": " + result.problems());
      entries.addAll(result.specs());
    }
    JsonNode types = read("types.json");
    Map<String, TypeVocabulary.Word> names = new LinkedHashMap<>();
    types.path("names").properties().forEach(e -> names.put(e.getKey(), word(e.getKey(), e.getValue())));
    List<TypeVocabulary.Word> endings = new ArrayList<>();
    types.path("endings").properties().forEach(e -> endings.add(word(e.getKey(), e.getValue())));
    TypeVocabulary vocabulary = new TypeVocabulary(names, endings, strings(types.path("summaryNames")),
        strings(types.path("coexistWithSummary").path("types")), strings(types.path("workUnderWay").path("words")));
    List<Shape> shapes = new ArrayList<>();
    JsonNode shapeList = read("shapes.json").path("shapes");
    for (int i = 0; i < shapeList.size(); i++) {
      shapes.add(shape(shapeList.get(i), reader));
    }
    JsonNode unfamiliar = familyFile.path("unfamiliarFields");
    require(unfamiliar.isMissingNode() || unfamiliar.path("reports").asText().equals("warning"),
        "families.json: unfamiliarFields reports at warning (an inference)");
    return new Catalogue(families, guesses, entries, vocabulary, shapes, profiles(read("profiles.json"), reader, families),
        unfamiliar.isMissingNode() ? Optional.empty() : Optional.of(unfamiliar.path("source").asText()));
  }

  /**
   * profiles.json: each profile's {@code conditions} is read as a contract entry's list is, and its
   * per-type facts are taken over those {@code common} to every profile.
   */
  private static List<ProfileSpec> profiles(JsonNode file, ContractSpecReader reader,
      Map<String, ConditionFamily> families) {
    List<ContractSpecReader.Problem> problems = new ArrayList<>();
    TypeFacts common = ContractSpecReader.facts(file.path("common"), "/common", problems);
    List<ProfileSpec> out = new ArrayList<>();
    for (JsonNode p : file.path("profiles")) {
      String name = p.path("name").asText();
      Set<String> known = new LinkedHashSet<>(List.of("family", "fields", "types", "typeEndings", "summary",
          "observedGeneration", "constraints"));
      known.addAll(TypeFacts.KEYS);
      p.path("conditions").fieldNames().forEachRemaining(key ->
          require(known.contains(key), "profiles.json " + name + ": unknown key conditions." + key));
      JsonNode wrapped = JsonNodeFactory.instance.arrayNode()
          .add(JsonNodeFactory.instance.objectNode().put("group", "*").set("conditions", p.path("conditions")));
      ContractSpecReader.Result r = reader.read(wrapped, "", i -> new ContractBasis(ContractBasis.Source.CATALOGUE, name));
      require(r.problems().isEmpty() && problems.isEmpty(), "profiles.json " + name + ": " + r.problems() + problems);
      ListSpec c = r.specs().get(0).lists().get(ListPath.TOP_LEVEL);
      ListSpec conditions = new ListSpec(c.family(), c.fields(), c.types(), c.typeEndings(), c.summary(),
          c.generation(), c.facts().over(common), c.constraints());
      Optional<ConditionFamily> convention = Optional.ofNullable(families.get(p.path("conventionFamily").asText()));
      require(convention.isPresent() || !p.has("conventionFamily"), "profiles.json " + name + ": unknown conventionFamily");
      Map<String, String> levels = new LinkedHashMap<>();
      p.path("levels").properties().forEach(e -> levels.put(e.getKey(), e.getValue().asText()));
      Map<String, Boolean> switches = new LinkedHashMap<>();
      p.path("switches").properties().forEach(e -> switches.put(e.getKey(), e.getValue().asBoolean()));
      Map<String, TypeFacts> kinds = new LinkedHashMap<>();
      p.path("kinds").properties().forEach(e -> kinds.put(e.getKey(),
          ContractSpecReader.facts(e.getValue(), "/kinds/" + e.getKey(), problems)));
      require(problems.isEmpty(), "profiles.json " + name + ": " + problems);
      out.add(new ProfileSpec(name, p.path("description").asText(), p.path("source").asText(),
          List.copyOf(strings(p.path("groups"))), List.copyOf(strings(p.path("versions"))), levels, conditions,
          kinds, convention, p.path("restamp").asText("status-only"), switches));
    }
    return out;
  }

  private static Shape shape(JsonNode s, ContractSpecReader reader) {
    Optional<Shape.KindRef> asKind = s.has("asKind")
        ? Optional.of(new Shape.KindRef(s.path("asKind").path("group").asText(), s.path("asKind").path("kind").asText()))
        : Optional.empty();
    ListSpec list = ListSpec.EMPTY;
    if (s.has("list")) {
      JsonNodeFactory nodes = JsonNodeFactory.instance;
      JsonNode wrapped = nodes.arrayNode().add(nodes.objectNode().put("group", "*").set("conditions", s.get("list")));
      ContractSpecReader.Result r = reader.read(wrapped, "", i -> new ContractBasis(ContractBasis.Source.INFERRED, s.path("name").asText()));
      require(r.problems().isEmpty(), "shapes.json " + s.path("name").asText() + ": " + r.problems());
      list = r.specs().get(0).lists().get(ListPath.TOP_LEVEL);
    }
    return new Shape(s.path("name").asText(), List.copyOf(strings(s.path("keys"))), s.path("minKeys").asInt(1),
        asKind, list, s.path("source").asText());
  }

  private static TypeVocabulary.Word word(String name, JsonNode node) {
    Polarity polarity = Polarity.parse(node.path("polarity").asText())
        .orElseThrow(() -> new IllegalStateException("types.json: bad polarity for " + name));
    return new TypeVocabulary.Word(name, polarity, node.path("source").asText());
  }

  /** A family's fields; a {@code minLength} of 1 or more in its constraints makes a field non-empty. */
  private static Map<String, FieldRule> fieldRules(String family, JsonNode fields, JsonNode constraints) {
    Map<String, FieldRule> out = new LinkedHashMap<>();
    List<ContractSpecReader.Problem> problems = new ArrayList<>();
    fields.properties().forEach(e -> ContractSpecReader.fieldRule(e.getValue(), "/fields/" + e.getKey(), problems)
        .ifPresent(rule -> out.put(e.getKey(),
            constraints.path(e.getKey()).path("minLength").asInt(0) > 0 ? rule.nonEmptyValue() : rule)));
    require(problems.isEmpty(), "families.json " + family + ": " + problems);
    return out;
  }

  /**
   * The fields whose constraints give a {@code pattern}, and the family's times: a Go condition struct
   * declares them as metav1.Time (RFC 3339), so they are date-times unless the constraints say the time
   * is a plain string ({@code "type": "string ..."}: Strimzi's Java String, Config Connector's); and the
   * statuses its constraints list besides True, False and Unknown.
   */
  private static FieldFormats formats(JsonNode fields, JsonNode constraints) {
    Set<String> patterned = new LinkedHashSet<>();
    constraints.properties().forEach(e -> {
      if (e.getValue().has("pattern")) {
        patterned.add(e.getKey());
      }
    });
    Set<String> dateTimes = new LinkedHashSet<>();
    Set<String> plainTimes = new LinkedHashSet<>();
    fields.fieldNames().forEachRemaining(field -> {
      if (field.endsWith("Time")) {
        boolean plain = constraints.path(field).path("type").asText("").startsWith("string")
            && !constraints.path(field).path("format").asText("").equals("date-time");
        (plain ? plainTimes : dateTimes).add(field);
      }
    });
    Set<String> otherStatuses = new LinkedHashSet<>();
    JsonNode statuses = constraints.path("status").has("values")
        ? constraints.path("status").path("values") : constraints.path("status").path("enum");
    statuses.forEach(v -> otherStatuses.add(v.asText()));
    otherStatuses.removeAll(Set.of("True", "False", "Unknown"));
    return new FieldFormats(patterned, dateTimes, plainTimes, otherStatuses);
  }

  /**
   * A family's {@code signature}: for each field, the keywords of its {@code constraints} that every CRD
   * generated from the struct carries; each must be a constraint the family states, with its value.
   */
  private static SchemaMarkers signature(JsonNode family) {
    Map<String, Map<String, JsonNode>> out = new LinkedHashMap<>();
    JsonNode signature = family.path("signature");
    require(signature.isMissingNode() || !signature.path("source").asText("").isEmpty(),
        "families.json " + family.path("id").asText() + ": a signature needs its source");
    signature.path("markers").properties().forEach(e -> {
      Map<String, JsonNode> markers = new LinkedHashMap<>();
      for (JsonNode keyword : e.getValue()) {
        JsonNode value = family.path("constraints").path(e.getKey()).path(keyword.asText());
        require(!value.isMissingNode(), "families.json " + family.path("id").asText() + ": signature marker "
            + e.getKey() + "." + keyword.asText() + " is no constraint of the family");
        markers.put(keyword.asText(), value);
      }
      out.put(e.getKey(), markers);
    });
    return new SchemaMarkers(out);
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalStateException("condlint's contract catalogue is broken: " + message);
    }
  }

  private static JsonNode read(String name) {
    try (InputStream in = Catalogue.class.getResourceAsStream(ROOT + name)) {
      if (in == null) {
        throw new IllegalStateException("missing catalogue file " + ROOT + name);
      }
      return JsonTree.read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
