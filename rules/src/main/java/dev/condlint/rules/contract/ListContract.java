package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.ContractBasis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What condlint knows about one condition list of an object: its condition type's fields, the polarity
 * of its types, its summary types and whether its conditions record observedGeneration, each part with
 * the {@link ContractBasis} it rests on, or absent where nothing says.
 */
public final class ListContract {
  private final String path;
  private final Optional<Known<ConditionSchema>> schema;
  private final Map<String, Known<Polarity>> types;
  private final Map<String, Known<Polarity>> typeEndings;
  private final TypeVocabulary vocabulary;
  private final Optional<Known<Summary>> summary;
  private final Optional<Known<GenerationTracking>> generation;
  private final Optional<String> recognisedAs;
  private List<JsonNode> placeholders = List.of();
  private Optional<SchemaMarkers> constraints = Optional.empty();

  ListContract(
      String path,
      Optional<Known<ConditionSchema>> schema,
      Map<String, Known<Polarity>> types,
      Map<String, Known<Polarity>> typeEndings,
      TypeVocabulary vocabulary,
      Optional<Known<Summary>> summary,
      Optional<Known<GenerationTracking>> generation,
      Optional<String> recognisedAs) {
    this.path = path;
    this.schema = schema;
    this.types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
    this.typeEndings = Collections.unmodifiableMap(new LinkedHashMap<>(typeEndings));
    this.vocabulary = vocabulary;
    this.summary = summary;
    this.generation = generation;
    this.recognisedAs = recognisedAs;
  }

  /** The list's path in its kind: {@code status.conditions}, {@code status.listeners[].conditions}. */
  public String path() {
    return path;
  }

  /** The condition schema, declared or inferred from the fields the conditions carry. */
  public Optional<Known<ConditionSchema>> schema() {
    return schema;
  }

  /**
   * The schema when a declared source (configuration, CRD or catalogue) gives it: the rules that
   * demand or forbid fields judge only by this.
   */
  public Optional<ConditionSchema> declaredSchema() {
    return schema.filter(Known::isDeclared).map(Known::value);
  }

  /**
   * The polarity of a type: declared for this list (by name, then by the end of its name), else given
   * by the type's name alone; empty where nothing says. A declared {@link Polarity#UNKNOWN} is kept:
   * it says that neither status is healthy as such, and overrides what the name suggests.
   */
  public Optional<Known<Polarity>> polarity(String type) {
    Known<Polarity> declared = types.get(type);
    if (declared != null) {
      return Optional.of(declared);
    }
    for (Map.Entry<String, Known<Polarity>> ending : typeEndings.entrySet()) {
      if (type.endsWith(ending.getKey())) {
        return Optional.of(ending.getValue());
      }
    }
    return vocabulary.polarity(type);
  }

  /** The polarity of a type when something says it is normal-true or abnormal-true. */
  public Optional<Known<Polarity>> knownPolarity(String type) {
    return polarity(type).filter(k -> k.value().isKnown());
  }

  /** Whether a True of this type may stand beside a True summary (see {@link TypeVocabulary}). */
  public boolean coexistsWithSummary(String type) {
    return vocabulary.coexistsWithSummary(type);
  }

  /** Whether a type or reason names work under way (see {@link TypeVocabulary#namesWorkUnderWay}). */
  public boolean namesWorkUnderWay(String typeOrReason) {
    return vocabulary.namesWorkUnderWay(typeOrReason);
  }

  /** The types whose polarity a declared source or an inference gave this list, in that order. */
  public Map<String, Known<Polarity>> types() {
    return types;
  }

  /** The polarity of types by the end of their name, as declared sources or a shape give it. */
  public Map<String, Known<Polarity>> typeEndings() {
    return typeEndings;
  }

  public Optional<Known<Summary>> summary() {
    return summary;
  }

  public Optional<Known<GenerationTracking>> generation() {
    return generation;
  }

  /**
   * This contract, with the conditions the kind's schema defaults a new object's list to (Gateway API's
   * Accepted and Programmed: Unknown, Pending, "Waiting for controller", 1970-01-01).
   */
  ListContract withPlaceholders(List<JsonNode> defaults) {
    placeholders = List.copyOf(defaults);
    return this;
  }

  ListContract withConstraints(Optional<SchemaMarkers> stated) {
    constraints = stated;
    return this;
  }

  /**
   * The lengths and patterns an entry states for the list's fields beyond those of its family (a user's
   * {@code constraints}); the strongest entry that states them.
   */
  public Optional<SchemaMarkers> declaredConstraints() {
    return constraints;
  }

  /**
   * Whether the condition is one the kind's schema wrote as a default, unchanged: the API server put
   * it there before any controller reconciled the object, so it reads as "not reconciled yet", not as
   * a controller's write.
   */
  public boolean isPlaceholder(Condition condition) {
    return placeholders.contains(condition.node());
  }

  /** What the list's surroundings were recognised as, when a shape decided its contract. */
  public Optional<String> recognisedAs() {
    return recognisedAs;
  }
}
