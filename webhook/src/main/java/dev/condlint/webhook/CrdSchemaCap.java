package dev.condlint.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.AdmissionRequest;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * The most schema the webhook checks in one CustomResourceDefinition. The CRD rules walk each version's
 * schema, several of them each its whole status schema, so their work grows with the properties the CRD
 * declares: on a loaded 2-core machine the rules alone took 0.6 to 0.9 s for 20,000 properties and 0.7 to
 * 1.4 s for 80,000 (2.1 MB; 1.2 to 2.0 s for the whole request), near or past the 2 s deadline, where the
 * review was answered 503 and the cluster's failurePolicy decided it. A
 * CRD over {@link #MAX_PROPERTIES} is not checked: it is allowed with a warning that says why, at the cost
 * of counting (a walk of the decoded schemas, no rule runs). The largest CRD in condlint's corpus of 164 real
 * ones (Argo CD's ApplicationSet, 1.4 MB) declares 7,965; the API server stores no object over 1.5 MiB
 * (etcd's default request limit) in any case.
 */
final class CrdSchemaCap {
  /** The most properties (entries of {@code properties} maps, in all versions' schemas) a checked CRD declares. */
  static final int MAX_PROPERTIES = 30_000;

  private CrdSchemaCap() {}

  /**
   * The note the review is allowed with when it is a CRD the CRD rules would check (a CREATE or UPDATE of
   * the object itself) and it declares more than {@code max} properties; empty otherwise.
   */
  static Optional<String> over(AdmissionRequest request, int max) {
    boolean write = request.operation().equals("CREATE") || request.operation().equals("UPDATE");
    if (!write || !request.isCustomResourceDefinition() || !request.subResource().isEmpty() || request.object().isEmpty()) {
      return Optional.empty();
    }
    long properties = properties(request.object().get().path("spec"));
    if (properties <= max) {
      return Optional.empty();
    }
    return Optional.of("condlint did not check this CustomResourceDefinition: its schemas declare " + properties
        + " properties, more than the " + max + " the webhook checks within its deadline; `condlint lint` checks"
        + " the file whole");
  }

  /**
   * The properties the schemas of a CRD's {@code spec} declare: the entries of the {@code properties} map
   * of every schema in every version ({@code versions[].schema.openAPIV3Schema}, and a v1beta1 CRD's
   * {@code validation.openAPIV3Schema}), nested schemas included. The walk follows the keywords that hold
   * schemas ({@code properties}, {@code patternProperties}, {@code additionalProperties}, {@code items},
   * {@code additionalItems}, {@code allOf}, {@code anyOf}, {@code oneOf}, {@code not}, {@code definitions},
   * {@code dependencies}) and nothing else: a property NAMED {@code properties} is one property, and its
   * schema's keywords are not counted as properties (the walk of the whole tree counted them, and keys of
   * {@code default} and {@code example} values too). Iterative: the tree may be as deep as the decoder allows.
   */
  static long properties(JsonNode spec) {
    Deque<JsonNode> schemas = new ArrayDeque<>();
    spec.path("versions").forEach(version -> schemas.push(version.path("schema").path("openAPIV3Schema")));
    schemas.push(spec.path("validation").path("openAPIV3Schema"));
    long count = 0;
    while (!schemas.isEmpty()) {
      JsonNode schema = schemas.pop();
      if (!schema.isObject()) {
        continue;
      }
      // One pass over the schema's keywords (looking each up by name cost twice the walk of the whole tree).
      Iterator<Map.Entry<String, JsonNode>> keywords = schema.fields();
      while (keywords.hasNext()) {
        Map.Entry<String, JsonNode> keyword = keywords.next();
        JsonNode value = keyword.getValue();
        switch (keyword.getKey()) {
          case "properties" -> {
            if (value.isObject()) {
              count += value.size();
              pushSchemas(value, schemas);
            }
          }
          // Names to schemas ("dependencies": to a schema or a list of names).
          case "patternProperties", "definitions", "dependencies" -> pushSchemas(value, schemas);
          // A schema, or a list of schemas.
          case "items", "additionalItems", "additionalProperties", "allOf", "anyOf", "oneOf", "not" -> {
            if (value.isArray()) {
              pushSchemas(value, schemas);
            } else if (value.isObject()) {
              schemas.push(value);
            }
          }
          default -> {
            // A keyword that holds no schema: "default", "example", "enum" are values, whatever their shape.
          }
        }
      }
    }
    return count;
  }

  /** The schemas among {@code container}'s values (an object's or an array's). */
  private static void pushSchemas(JsonNode container, Deque<JsonNode> schemas) {
    if (container.isContainerNode()) {
      for (JsonNode element : container) {
        if (element.isObject()) {
          schemas.push(element);
        }
      }
    }
  }
}
