package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What one entry (of the configuration or the catalogue) says about one condition list; each part is
 * optional, and a part left out is taken from a weaker source.
 *
 * @param family the family the list's condition type belongs to
 * @param fields with a family: fields added to or changed from it; without one: the whole field set
 * @param types the polarity of condition types ({@link Polarity#UNKNOWN} where none is healthy as such)
 * @param typeEndings the polarity of types by the end of their name (OpenShift's ...Degraded, ...Available)
 * @param facts what it says of the types beyond polarity (present only when abnormal, immutable, ...)
 * @param constraints the lengths and patterns its condition type puts on fields, where they are not its family's
 * @param placeholders the conditions the kind's CRD default gives a new object, which read as "not reconciled
 *     yet" ({@link ListContract#isPlaceholder}), stated where the CRD is not in the run
 */
public record ListSpec(
    Optional<ConditionFamily> family,
    Map<String, FieldRule> fields,
    Map<String, Polarity> types,
    Map<String, Polarity> typeEndings,
    Optional<Summary> summary,
    Optional<GenerationTracking> generation,
    TypeFacts facts,
    Optional<FieldConstraints> constraints,
    List<JsonNode> placeholders) {

  public static final ListSpec EMPTY =
      new ListSpec(Optional.empty(), Map.of(), Map.of(), Map.of(), Optional.empty(), Optional.empty());

  /** An entry that states no facts and no constraints of its own. */
  public ListSpec(Optional<ConditionFamily> family, Map<String, FieldRule> fields, Map<String, Polarity> types,
      Map<String, Polarity> typeEndings, Optional<Summary> summary, Optional<GenerationTracking> generation) {
    this(family, fields, types, typeEndings, summary, generation, TypeFacts.NONE, Optional.empty());
  }

  /** An entry that states no placeholder conditions. */
  public ListSpec(Optional<ConditionFamily> family, Map<String, FieldRule> fields, Map<String, Polarity> types,
      Map<String, Polarity> typeEndings, Optional<Summary> summary, Optional<GenerationTracking> generation,
      TypeFacts facts, Optional<FieldConstraints> constraints) {
    this(family, fields, types, typeEndings, summary, generation, facts, constraints, List.of());
  }

  public ListSpec {
    placeholders = List.copyOf(placeholders);
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
    typeEndings = Collections.unmodifiableMap(new LinkedHashMap<>(typeEndings));
  }

  /** The condition schema this entry states, if it states one. */
  public Optional<ConditionSchema> schema() {
    Optional<ConditionSchema> stated = family.isPresent() ? Optional.of(family.get().schema().with(fields))
        : fields.isEmpty() ? Optional.empty() : Optional.of(new ConditionSchema(Optional.empty(), fields));
    return constraints.isEmpty() ? stated : stated.map(constraints.get()::applyTo);
  }
}
