package dev.condlint.rules.contract;

import java.util.Collections;
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
 */
public record ListSpec(
    Optional<ConditionFamily> family,
    Map<String, FieldRule> fields,
    Map<String, Polarity> types,
    Map<String, Polarity> typeEndings,
    Optional<Summary> summary,
    Optional<GenerationTracking> generation) {

  public static final ListSpec EMPTY =
      new ListSpec(Optional.empty(), Map.of(), Map.of(), Map.of(), Optional.empty(), Optional.empty());

  public ListSpec {
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
    typeEndings = Collections.unmodifiableMap(new LinkedHashMap<>(typeEndings));
  }

  /** The condition schema this entry states, if it states one. */
  public Optional<ConditionSchema> schema() {
    if (family.isPresent()) {
      return Optional.of(family.get().schema().with(fields));
    }
    return fields.isEmpty() ? Optional.empty() : Optional.of(new ConditionSchema(Optional.empty(), fields));
  }
}
