package dev.condlint.health;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import dev.condlint.rules.contract.TypeVocabulary;
import dev.condlint.rules.kstatus.KstatusCompute;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the judgement reads of a kind: the contract that the configuration, the kind's CRD, the
 * catalogue and the profile declare for its {@code status.conditions} (nothing inferred from an
 * object), and the type-name vocabulary. The judgement infers the rest from each object exactly as the
 * contract resolver does (a Ready or Succeeded present is the summary; a type's polarity from its
 * name), so that a script exported for the kind, which sees only the object, judges the same.
 */
public final class KindContract {
  private final ObjectRef kind;
  private final ListContract declared;
  private final TypeVocabulary vocabulary;
  private final boolean builtInRule;
  private final List<Nested> nested;
  private final HealthFacts.Kind facts;
  private final java.util.Set<String> degradedModeTypes;
  private final Optional<EntryHealth.Kind> entryHealth;
  private final TypeVocabulary kindWords;
  private final Optional<Known<Summary>> shown;

  /**
   * A condition list in each entry of a list in status ({@code status.listeners[].conditions}) with a
   * declared summary: {@code field} is the list's field of status.
   */
  public record Nested(String field, ListContract contract, Summary summary) {
    /** Whether a True of this type reports a problem, in this list. */
    public boolean abnormalTrue(String type) {
      return contract.polarity(type).map(k -> k.value() == Polarity.ABNORMAL_TRUE).orElse(false);
    }
  }

  public KindContract(ObjectRef kind, ListContract declared, TypeVocabulary vocabulary) {
    this(kind, declared, vocabulary, List.of());
  }

  public KindContract(ObjectRef kind, ListContract declared, TypeVocabulary vocabulary, List<Nested> nested) {
    this(kind, declared, vocabulary, nested, Optional.empty());
  }

  /**
   * {@code shown}: the summary the kind's CRD shows in a printer column, where no source of its contract
   * declares one ({@link HealthAssessor}); the declared summary, if any, comes first.
   */
  public KindContract(ObjectRef kind, ListContract declared, TypeVocabulary vocabulary, List<Nested> nested,
      Optional<Known<Summary>> shown) {
    this.shown = shown;
    this.kind = kind;
    this.declared = declared;
    this.vocabulary = vocabulary;
    this.builtInRule = KstatusCompute.hasBuiltInRule(kind.apiVersion(), kind.kind());
    this.nested = List.copyOf(nested);
    this.facts = HealthFacts.builtIn().of(kind);
    this.degradedModeTypes = HealthFacts.builtIn().degradedModeTypes();
    this.entryHealth = EntryHealth.builtIn().of(kind);
    java.util.Set<String> words = new java.util.TreeSet<>(vocabulary.workUnderWay());
    words.addAll(facts.underWayReasons());
    // The kind's own reasons match as the vocabulary's words do, so that an exported script, which carries
    // them among the words, judges the same.
    this.kindWords = facts.underWayReasons().isEmpty() ? vocabulary : new TypeVocabulary(vocabulary.names(),
        vocabulary.endings(), vocabulary.summaryNames(), vocabulary.coexistWithSummary(), words);
  }

  /** Where the kind's API sums its health up in the entries of a list in status: that list's contract. */
  public Optional<EntryHealth.Kind> entryHealth() {
    return entryHealth;
  }

  /** What the kind's API says of its health beyond its condition contract. */
  public HealthFacts.Kind facts() {
    return facts;
  }

  /** The reasons that make a True of this type finished work, where the kind's API names them. */
  public Optional<List<String>> completeWhen(String type) {
    return Optional.ofNullable(facts.completeWhen().get(type));
  }

  /** The condition lists of the entries of lists in status that have a declared summary, in declared order. */
  public List<Nested> nested() {
    return nested;
  }

  /** The kind: apiVersion and kind (namespace and name empty). */
  public ObjectRef kind() {
    return kind;
  }

  /** {@code Kind.group}, as kubectl spells it ({@code Kind} for the core group). */
  public String kindName() {
    return kind.group().isEmpty() ? kind.kind() : kind.kind() + "." + kind.group();
  }

  public ListContract declared() {
    return declared;
  }

  public TypeVocabulary vocabulary() {
    return vocabulary;
  }

  /** Whether kstatus has a rule of its own for the kind: the judgement then takes kstatus's result. */
  public boolean builtInRule() {
    return builtInRule;
  }

  /**
   * The declared summary, if a declared source names one; else the condition the kind's CRD shows in a
   * printer column, where condlint knows its True is the healthy state.
   */
  public Optional<Known<Summary>> declaredSummary() {
    Optional<Known<Summary>> summary = declared.summary().filter(Known::isDeclared);
    return summary.isPresent() ? summary : shown;
  }

  /**
   * The summary of an object of the kind: the declared one, else the vocabulary's summary names among
   * its condition types, in the object's order (as the contract resolver infers it).
   */
  public Optional<Known<Summary>> summary(List<String> presentTypes) {
    Optional<Known<Summary>> summary = declaredSummary();
    if (summary.isPresent()) {
      return summary;
    }
    List<String> present = new ArrayList<>();
    for (String type : presentTypes) {
      if (vocabulary.summaryNames().contains(type) && !present.contains(type)) {
        present.add(type);
      }
    }
    if (present.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Known<>(new Summary(present, false), new ContractBasis(ContractBasis.Source.INFERRED,
        "the type name " + String.join(" and ", present))));
  }

  /**
   * Whether the kind records the generation in each condition: declared so, or, where nothing
   * declares where it records it, whenever a condition carries one.
   */
  public Optional<GenerationTracking> declaredGeneration() {
    return declared.generation().filter(Known::isDeclared).map(Known::value);
  }

  public Optional<Known<Polarity>> polarity(String type) {
    return declared.polarity(type);
  }

  /** True when a True of this type reports a problem or unfinished work. */
  public boolean abnormalTrue(String type) {
    return polarity(type).map(k -> k.value() == Polarity.ABNORMAL_TRUE).orElse(false);
  }

  /** True when a True of this type is the healthy state. */
  public boolean normalTrue(String type) {
    return polarity(type).map(k -> k.value() == Polarity.NORMAL_TRUE).orElse(false);
  }

  /** True when the vocabulary alone says the word reports a problem (Failed, Error, ...): for phases. */
  public boolean vocabularyAbnormal(String word) {
    return vocabulary.polarity(word).map(k -> k.value() == Polarity.ABNORMAL_TRUE).orElse(false);
  }

  public boolean namesWorkUnderWay(String typeOrReason) {
    return declared.namesWorkUnderWay(typeOrReason)
        || !facts.underWayReasons().isEmpty() && kindWords.namesWorkUnderWay(typeOrReason);
  }

  /** The words that name work under way: the vocabulary's and the kind's own reasons, as the exporters write them. */
  public java.util.Set<String> workUnderWay() {
    return kindWords.workUnderWay();
  }

  /**
   * Whether a True of the type may stand beside a True summary without making the object unhealthy: the
   * vocabulary's types that may coexist with a summary, except those whose True is a degraded mode, and
   * the types the kind's API writes True as a notice beside an object that keeps working.
   */
  public boolean coexistsWithSummary(String type) {
    return declared.coexistsWithSummary(type) && !degradedMode(type) || facts.noticeTypes().contains(type);
  }

  /** Whether the type is, or ends with, a type whose True is a degraded mode (KEDA's Fallback). */
  public boolean degradedMode(String type) {
    return degradedModeTypes.stream().anyMatch(w -> type.equals(w) || type.endsWith(w));
  }

  /** The types whose True is a degraded mode. */
  public java.util.Set<String> degradedModeTypes() {
    return degradedModeTypes;
  }
}
