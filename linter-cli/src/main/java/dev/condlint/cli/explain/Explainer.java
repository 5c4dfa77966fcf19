package dev.condlint.cli.explain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.condlint.model.Condition;
import dev.condlint.model.ConditionLists;
import dev.condlint.model.Document;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Position;
import dev.condlint.rules.api.InferredSchemaUse;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.contract.ConditionFamily;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.ContractSpec;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.ObjectContract;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.engine.ContractView;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.Profile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Asks an engine (its configuration, CRDs and catalogue) for the contract of an object's condition
 * lists, or of a kind's, and puts it in the terms {@code condlint explain} prints.
 */
public final class Explainer {
  private final Engine engine;
  private final ContractView contracts;
  private final Catalogue catalogue;

  public Explainer(Engine engine) {
    this.engine = engine;
    this.contracts = engine.contracts();
    this.catalogue = contracts.resolver().catalogue();
  }

  /** The contract of every condition list of one object, as the rules see it. */
  public Explained.ObjectContract object(String file, Document document) {
    JsonNode object = document.object();
    ObjectContract contract = contracts.of(object);
    List<Explained.ConditionList> lists = new ArrayList<>();
    for (dev.condlint.model.ConditionList list : ConditionLists.find(object)) {
      ListContract listContract = contract.list(list.pointer()).orElseThrow();
      List<Explained.Type> types = new ArrayList<>();
      for (String type : typesOf(list.conditions())) {
        Optional<Known<Polarity>> polarity = listContract.polarity(type);
        types.add(new Explained.Type(type, polarity.map(Known::value), polarity.map(Known::basis),
            listContract.coexistsWithSummary(type)));
      }
      Optional<Integer> line = document.source().position(list.pointer()).map(Position::line);
      lists.add(conditionList(listContract, Optional.of(list.pointer()), line, types, List.of(),
          engine.profileFor(object), untyped(list, listContract)));
    }
    ObjectRef ref = document.ref();
    int line = document.source().position("").map(Position::line).orElse(1);
    Optional<KindName> defines = ref.isCustomResourceDefinition()
        ? Optional.of(new KindName(object.path("spec").path("group").asText(""), Optional.empty(),
            object.path("spec").path("names").path("kind").asText("")))
        : Optional.empty();
    return new Explained.ObjectContract(file, line, ref, lists, ContractSnippet.of(ref, lists), defines, contract.timing());
  }

  /**
   * The declared contract of a kind: of each version the kind is known in (versions alike merged), or
   * of every version when none is known or the name gives one.
   */
  public List<Explained.KindContract> kind(KindName name) {
    List<String> versions = name.version().map(List::of)
        .orElseGet(() -> contracts.resolver().knownVersions(name.group(), name.kind()));
    Map<List<Explained.ConditionList>, List<String>> byContract = new LinkedHashMap<>();
    for (String version : versions.isEmpty() ? List.of("") : versions) {
      byContract.computeIfAbsent(declared(name, version), k -> new ArrayList<>()).add(version);
    }
    List<Explained.KindContract> out = new ArrayList<>();
    byContract.forEach((lists, alike) -> {
      String version = alike.get(0);
      Optional<Known<Timing>> timing = contracts.resolver().timing(ObjectRef.of(typeOnly(name, version)));
      Explained.KindContract contract = new Explained.KindContract(
          name, versions.isEmpty() ? List.of() : alike, lists, Optional.empty(), timing);
      out.add(contract.isUnknown()
          ? new Explained.KindContract(name, contract.versions(), lists, nearestKnownKind(name.display()), timing)
          : contract);
    });
    return out;
  }

  /** An object of the kind in a version with nothing but its apiVersion and kind: what a kind's contract is asked for. */
  private static JsonNode typeOnly(KindName name, String version) {
    return JsonNodeFactory.instance.objectNode().put("apiVersion", name.apiVersion(version)).put("kind", name.kind());
  }

  private List<Explained.ConditionList> declared(KindName name, String version) {
    JsonNode object = typeOnly(name, version);
    List<Explained.ConditionList> lists = new ArrayList<>();
    for (String path : contracts.resolver().declaredListPaths(ObjectRef.of(object))) {
      ListContract contract = contracts.declared(object, path);
      lists.add(conditionList(contract, Optional.empty(), Optional.empty(), types(contract.types(), contract),
          types(contract.typeEndings(), contract), engine.profileFor(object), Optional.empty()));
    }
    return lists;
  }

  private static List<Explained.Type> types(Map<String, Known<Polarity>> declared, ListContract contract) {
    List<Explained.Type> types = new ArrayList<>();
    declared.forEach((type, polarity) -> types.add(new Explained.Type(type, Optional.of(polarity.value()),
        Optional.of(polarity.basis()), contract.coexistsWithSummary(type))));
    return types;
  }

  private Explained.ConditionList conditionList(
      ListContract contract, Optional<String> pointer, Optional<Integer> line, List<Explained.Type> types,
      List<Explained.Type> endings, Profile profile, Optional<String> untyped) {
    return new Explained.ConditionList(contract.path(), pointer, line,
        contract.schema().map(k -> conditionType(k, profile)), types, endings, contract.summary(),
        contract.generation(), contract.recognisedAs(), untyped,
        pointer.isPresent() && contract.schema().isEmpty() ? rulesWithoutType(profile) : List.of());
  }

  /**
   * For a list none of whose conditions has a type and that nothing declares, what the rules make of it
   * (the engine's ObjectContext): typed conditions that lost their types where every status is a typed
   * condition's, else no list of typed conditions at all.
   */
  private static Optional<String> untyped(dev.condlint.model.ConditionList list, ListContract contract) {
    if (list.conditions().isEmpty() || list.hasTypedCondition() || contract.declaredSchema().isPresent()) {
      return Optional.empty();
    }
    return Optional.of(list.isUntypedWithConditionStatuses()
        ? "no condition has a type, but every status is True, False or Unknown, a typed condition's: judged as"
            + " typed conditions, each missing type a warning (condition-type-required, inferred)"
        : "no condition has a type, and a status is not True, False or Unknown: no list of typed conditions"
            + " (a phase history), not judged");
  }

  /**
   * For an inferred condition type, each rule that judges by one ({@link InferredSchemaUse}) and whether
   * the evidence behind this one turns it on for objects of this profile: what the rules themselves read.
   */
  private List<Explained.RuleUse> inferredRules(Known<ConditionSchema> known, Profile profile) {
    if (known.isDeclared()) {
      return List.of();
    }
    List<Explained.RuleUse> uses = new ArrayList<>();
    for (Rule rule : engine.ruleset().registry().rules()) {
      InferredSchemaUse use = rule.getClass().getAnnotation(InferredSchemaUse.class);
      if (use == null) {
        continue;
      }
      List<String> what = new ArrayList<>();
      String info = "";
      boolean claimed = known.holds() && !use.values().isEmpty() && (use.claim().isEmpty() || known.claims(use.claim()));
      if (claimed) {
        what.add(use.values());
      } else if (!use.unfamiliar().isEmpty() && catalogue.unfamiliarFields().isPresent()) {
        what.add(use.unfamiliar());
      } else if (known.holds() && !use.valuesInfo().isEmpty()) {
        info = use.valuesInfo();
      }
      if (!use.fields().isEmpty() && known.asksFor(use.field())) {
        int others = known.asks().others();
        what.add(use.fields() + (others > 1 ? " (at least " + others + " of them)" : "")
            + (known.asks().onlyWhenAbnormal().contains(use.field()) ? ", on a condition in its abnormal state" : ""));
      }
      String id = rule.info().id();
      if (engine.levelOf(rule, profile) == Level.OFF) {
        uses.add(new Explained.RuleUse(id, false, "the rule is off"));
      } else if (what.isEmpty()) {
        uses.add(new Explained.RuleUse(id, false, !info.isEmpty()
            ? info + " (this evidence's claim on it is under the measured bar, docs/contracts.md)"
            : known.holds() ? "asks for no absent field on this evidence" : "the evidence only describes the list"));
      } else {
        uses.add(new Explained.RuleUse(id, true, String.join("; ", what)));
      }
    }
    return uses;
  }

  /**
   * For an object's list with no condition type at all (nothing declares one, its fields suggest none): each
   * rule that judges by an inferred type, and whether the evidence ladder's bottom rung (families.json
   * {@code unfamiliarFields}) turns it on: what the rules themselves read.
   */
  private List<Explained.RuleUse> rulesWithoutType(Profile profile) {
    List<Explained.RuleUse> uses = new ArrayList<>();
    for (Rule rule : engine.ruleset().registry().rules()) {
      InferredSchemaUse use = rule.getClass().getAnnotation(InferredSchemaUse.class);
      if (use == null) {
        continue;
      }
      String id = rule.info().id();
      if (engine.levelOf(rule, profile) == Level.OFF) {
        uses.add(new Explained.RuleUse(id, false, "the rule is off"));
      } else if (!use.unfamiliar().isEmpty() && catalogue.unfamiliarFields().isPresent()) {
        uses.add(new Explained.RuleUse(id, true, use.unfamiliar()));
      } else {
        uses.add(new Explained.RuleUse(id, false, "no condition type: the conditions' fields suggest none"));
      }
    }
    return uses;
  }

  private Explained.ConditionType conditionType(Known<ConditionSchema> known, Profile profile) {
    ConditionSchema schema = known.value();
    Optional<ConditionFamily> family = schema.family().map(id -> catalogue.families().get(id));
    List<String> changed = new ArrayList<>();
    family.ifPresent(f -> schema.fields().forEach((field, rule) -> {
      FieldRule own = f.schema().fields().get(field);
      if (!rule.equals(own)) {
        changed.add(field);
      }
    }));
    return new Explained.ConditionType(schema.family(), family.map(ConditionFamily::title), schema.fields(),
        changed, known.basis(), inferredRules(known, profile));
  }

  /** The kinds the configuration's and the catalogue's entries name, by group (those of a group pattern left out). */
  public Map<String, List<String>> knownKinds() {
    Map<String, List<String>> kinds = new LinkedHashMap<>();
    List<ContractSpec> entries = new ArrayList<>(engine.config().contractConfig().entries());
    entries.addAll(catalogue.entries());
    for (ContractSpec entry : entries) {
      String group = entry.group().pattern();
      if (!group.contains("*")) {
        entry.kinds().forEach(kind -> kinds.computeIfAbsent(group, g -> new ArrayList<>()).add(kind));
      }
    }
    return kinds;
  }

  /**
   * The kind ({@code Kind.group}) of the configuration's or the catalogue's entries nearest to what a
   * user typed, when it may be a typo of it.
   */
  public Optional<String> nearestKnownKind(String typed) {
    return dev.condlint.cli.common.KnownKinds.nearest(engine, typed);
  }

  /** The types of a list's conditions, in order, each once. */
  static List<String> typesOf(List<Condition> conditions) {
    Set<String> types = new LinkedHashSet<>();
    conditions.forEach(c -> c.type().ifPresent(types::add));
    return List.copyOf(types);
  }
}
