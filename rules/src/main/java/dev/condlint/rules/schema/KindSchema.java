package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What a schema of one kind at one version declares of its conditions: the schema of each condition
 * list, by path ({@code status.conditions}, {@code status.listeners[].conditions}), and where it was
 * read. The kind is spelled as the source spells it: a catalogue's file names are in lower case.
 */
public record KindSchema(
    String group, String kind, String version, Map<String, ConditionListSchema> conditionLists, SchemaOrigin origin,
    List<ConditionColumn> conditionColumns) {
  public KindSchema {
    conditionLists = Collections.unmodifiableMap(new LinkedHashMap<>(conditionLists));
    conditionColumns = List.copyOf(conditionColumns);
  }

  /** A schema that shows no condition in a printer column (a JSON Schema has none). */
  public KindSchema(
      String group, String kind, String version, Map<String, ConditionListSchema> conditionLists, SchemaOrigin origin) {
    this(group, kind, version, conditionLists, origin, List.of());
  }

  /** A kind's JSON Schema, as a catalogue of JSON Schemas holds it (datreeio/CRDs-catalog's {@code group/kind_version.json}). */
  public static KindSchema ofJsonSchema(String group, String kind, String version, JsonNode schema, SchemaOrigin origin) {
    return new KindSchema(group, kind, version, ConditionListSchemas.of(schema), origin);
  }

  /**
   * The schema of each version of a CustomResourceDefinition that has one; none for an object that is
   * not a CRD. {@code origin} gives each version's origin.
   */
  public static List<KindSchema> ofCrd(JsonNode crd, Function<String, SchemaOrigin> origin) {
    List<KindSchema> out = new ArrayList<>();
    if (!crd.path("kind").asText("").equals("CustomResourceDefinition")
        || !crd.path("apiVersion").asText("").startsWith("apiextensions.k8s.io/")) {
      return out;
    }
    String group = crd.path("spec").path("group").asText("");
    String kind = crd.path("spec").path("names").path("kind").asText("");
    for (JsonNode v : crd.path("spec").path("versions")) {
      JsonNode schema = VersionSchema.of(crd, v);
      String version = v.path("name").asText("");
      if (schema.isObject() && !group.isEmpty() && !kind.isEmpty() && !version.isEmpty()) {
        out.add(new KindSchema(group, kind, version, ConditionListSchemas.of(schema), origin.apply(version),
            ConditionColumn.of(crd, v)));
      }
    }
    return out;
  }
}
