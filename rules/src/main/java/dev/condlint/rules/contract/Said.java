package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.schema.ConditionItemSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What one source says of one condition list, each part with the basis it rests on; a part left out is
 * taken from a weaker source. {@code items} is the item schema a schema source read the list's condition
 * type from, {@code placeholders} the conditions its {@code default} gives a new object (or those an
 * entry states a CRD's default gives).
 */
record Said(
    Optional<Known<ConditionSchema>> schema,
    Map<String, Known<Polarity>> types,
    Map<String, Known<Polarity>> typeEndings,
    Optional<Known<Summary>> summary,
    Optional<Known<GenerationTracking>> generation,
    Optional<Known<ConditionItemSchema>> items,
    List<JsonNode> placeholders,
    Optional<String> recognisedAs,
    Optional<Known<SchemaMarkers>> constraints) {

  /**
   * The part as the first of these sources (strongest first) that says it says it. A loop, not a stream:
   * it runs for every part of every list of every object (a stream pipeline per part cost about 2% of a
   * 20 KB review's samples in a JFR profile).
   */
  static <T> Optional<T> first(List<Said> said, Function<Said, Optional<T>> part) {
    for (Said s : said) {
      Optional<T> p = part.apply(s);
      if (p.isPresent()) {
        return p;
      }
    }
    return Optional.empty();
  }

  /** The placeholders of the first source that read an item schema or states placeholders. */
  static List<JsonNode> placeholders(List<Said> said) {
    for (Said s : said) {
      if (s.items().isPresent() || !s.placeholders().isEmpty()) {
        return s.placeholders();
      }
    }
    return List.of();
  }

  /** What an entry (of the configuration, the catalogue, a profile, a shape) says, all on one basis. */
  static Said of(ListSpec spec, ContractBasis basis) {
    return new Said(spec.schema().map(s -> new Known<>(s, basis)), known(spec.types(), basis),
        known(spec.typeEndings(), basis), spec.summary().map(s -> new Known<>(s, basis)),
        spec.generation().map(g -> new Known<>(g, basis)), Optional.empty(), spec.placeholders(), Optional.empty(),
        spec.constraints().map(c -> new Known<>(c.markers(), basis)));
  }

  /**
   * What a schema says: the condition type its item schema declares, and the lengths and patterns it
   * puts on each field, which are the only ones the API server enforces (a field it puts none on has
   * none, whatever the family whose fields the items have declares).
   */
  static Said ofSchema(Known<ConditionSchema> schema, Known<ConditionItemSchema> items, List<JsonNode> defaults) {
    return new Said(Optional.of(schema), Map.of(), Map.of(), Optional.empty(), Optional.empty(),
        Optional.of(items), defaults, Optional.empty(),
        Optional.of(new Known<>(markers(items.value()), items.basis())));
  }

  private static SchemaMarkers markers(ConditionItemSchema items) {
    Map<String, Map<String, JsonNode>> out = new LinkedHashMap<>();
    items.properties().forEach((field, schema) -> {
      Map<String, JsonNode> markers = new LinkedHashMap<>();
      schema.pattern().ifPresent(p -> markers.put("pattern", JsonNodeFactory.instance.textNode(p)));
      schema.minLength().ifPresent(n -> markers.put("minLength", JsonNodeFactory.instance.numberNode(n)));
      schema.maxLength().ifPresent(n -> markers.put("maxLength", JsonNodeFactory.instance.numberNode(n)));
      out.put(field, markers);
    });
    return new SchemaMarkers(out);
  }

  /** What inference says: only the parts that nothing stronger says. */
  static Said inferred(Optional<Known<ConditionSchema>> schema, Optional<Known<Summary>> summary,
      Optional<Known<GenerationTracking>> generation) {
    return new Said(schema, Map.of(), Map.of(), summary, generation, Optional.empty(), List.of(), Optional.empty(),
        Optional.empty());
  }

  Said recognisedAs(String name) {
    return new Said(schema, types, typeEndings, summary, generation, items, placeholders, Optional.of(name), constraints);
  }

  private static Map<String, Known<Polarity>> known(Map<String, Polarity> polarities, ContractBasis basis) {
    Map<String, Known<Polarity>> known = new LinkedHashMap<>();
    polarities.forEach((type, polarity) -> known.put(type, new Known<>(polarity, basis)));
    return known;
  }
}
