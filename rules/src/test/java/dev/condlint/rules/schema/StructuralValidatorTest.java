package dev.condlint.rules.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The API server's structural-schema semantics, one keyword at a time. */
class StructuralValidatorTest {

  private static JsonNode yaml(String text) {
    return YamlFixtures.tree(text);
  }

  private static List<String> violations(String schema, String object) {
    return StructuralValidator.forObject(yaml(schema)).validate(yaml(object)).stream()
        .map(v -> (v.pruned() ? "pruned " : "") + v.pointer() + " " + v.message())
        .toList();
  }

  private static final String SCHEMA =
      """
      type: object
      properties:
        spec:
          type: object
          properties:
            port: {x-kubernetes-int-or-string: true}
            owner: {type: string, nullable: true}
            since: {type: string, format: date-time}
            replicas: {type: integer, format: int32, minimum: 0, exclusiveMinimum: true}
            extra: {type: object, x-kubernetes-preserve-unknown-fields: true}
            labels: {type: object, additionalProperties: {type: string}}
            tags:
              type: array
              x-kubernetes-list-type: set
              items: {type: string}
            ports:
              type: array
              x-kubernetes-list-type: map
              x-kubernetes-list-map-keys: [name, protocol]
              items:
                type: object
                required: [name]
                properties:
                  name: {type: string}
                  protocol: {type: string}
            template:
              type: object
              x-kubernetes-embedded-resource: true
              properties:
                spec: {type: object}
      """;

  @Test
  void acceptsWhatTheApiServerAccepts() {
    assertEquals(List.of(), violations(SCHEMA, """
        apiVersion: example.com/v1
        kind: Thing
        metadata: {name: a, labels: {x: y}}
        spec:
          port: 8080
          owner: null
          since: "2024-05-01T12:00:00Z"
          replicas: 1
          extra: {anything: [1, 2]}
          labels: {team: db}
          tags: [a, b]
          ports: [{name: http, protocol: TCP}, {name: http, protocol: UDP}]
          template: {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {}}
        """));
    assertEquals(List.of(), violations(SCHEMA, "spec: {port: http}\n"));
  }

  @Test
  void rejectsValuesOutsideTheSchemaAtTheirPointer() {
    assertEquals(
        List.of(
            "/spec/since spec.since: does not match the date-time pattern must be a valid RFC 3339 date-time",
            "/spec/replicas spec.replicas: must have an exclusive minimum value of 0",
            "/spec/labels/team spec.labels.team: integer found, string expected"),
        violations(SCHEMA, "spec: {replicas: 0, since: yesterday, labels: {team: 7}}\n"));
  }

  @Test
  void reportsFieldsOutsideTheSchemaAsPrunedNotAsErrors() {
    assertEquals(
        List.of(
            "pruned /spec/size spec.size is not in the CRD's schema, so the API server prunes it",
            "pruned /status status is not in the CRD's schema, so the API server prunes it"),
        violations(SCHEMA, "spec: {size: large, extra: {kept: true}}\nstatus: {phase: Running}\n"));
  }

  @Test
  void rejectsDuplicateListMapKeysAndSetValues() {
    assertEquals(
        List.of(
            "/spec/tags/1 spec.tags[1]: duplicate entry (\"a\") in a list with x-kubernetes-list-type: set;"
                + " the API server rejects it.",
            "/spec/ports/1 spec.ports[1]: duplicate entry (name=\"http\", protocol=\"TCP\") in a list with"
                + " x-kubernetes-list-type: map; the API server rejects it."),
        violations(SCHEMA, "spec: {tags: [a, a], ports: [{name: http, protocol: TCP}, {name: http, protocol: TCP}]}\n"));
  }

  @Test
  void namesAMissingRequiredFieldByItsOwnPointer() {
    assertEquals(
        List.of("/spec/ports/0/name spec.ports[0]: required field 'name' is missing"),
        violations(SCHEMA, "spec: {ports: [{protocol: TCP}]}\n"));
  }

  @Test
  void theKeysOfAnAssertionTreeSelectValuesAndAreNoFields() {
    // chainsaw's assert files are kyverno-json assertion trees: a projection, the ~ modifier and an
    // explicit binding select values; a mapping holding one may stand for a required field it selects.
    assertEquals(
        List.of("pruned /spec/size spec.size is not in the CRD's schema, so the API server prunes it"),
        violations(SCHEMA, """
            spec:
              (ports[?name == 'http']):
              - protocol: TCP
              ~.tags: {(length(@) > `0`): true}
              (replicas + `1`)->next: {($next): 2}
              ports->all: []
              size: large
            """));
    assertEquals(List.of(), violations(NUMBERS_AND_NULLS, "spec: {(name != null): true}\n"));
    // Escaped with backslashes, the key is the literal field (kyverno-json's escaping), so it is unknown.
    assertEquals(
        List.of("pruned /spec/\\(name)\\ spec.\\(name)\\ is not in the CRD's schema, so the API server prunes it"),
        violations(NUMBERS_AND_NULLS, "spec: {name: a, \\(name)\\: b}\n"));
  }

  private static final String NUMBERS_AND_NULLS =
      """
      type: object
      properties:
        spec:
          type: object
          required: [name]
          properties:
            name: {type: string}
            replicas: {type: integer, format: int32, minimum: 1}
            generation: {type: integer, format: int64}
            count: {type: integer}
            owner: {type: string}
            mode: {type: string, default: fast}
            tags: {type: array, items: {type: string}}
            ports:
              type: array
              items:
                type: object
                required: [name, protocol]
                properties:
                  name: {type: string}
                  protocol: {type: string, default: TCP}
      """;

  @Test
  void anInt32KeepsTheSchemasOwnBoundsBesideItsRange() {
    assertEquals(
        List.of("/spec/replicas spec.replicas: must have a minimum value of 1"),
        violations(NUMBERS_AND_NULLS, "spec: {name: a, replicas: 0}\n"));
    assertEquals(
        List.of("/spec/replicas spec.replicas: must have a maximum value of 2147483647"),
        violations(NUMBERS_AND_NULLS, "spec: {name: a, replicas: 2147483648}\n"));
  }

  @Test
  void everyIntegerMustFitInt64WhichIsAllTheApiServerDecodesAsAnInteger() {
    assertEquals(List.of(), violations(NUMBERS_AND_NULLS,
        "spec: {name: a, generation: 9223372036854775807, count: -9223372036854775808}\n"));
    assertEquals(
        List.of(
            "/spec/generation spec.generation: must have a maximum value of 9223372036854775807",
            "/spec/count spec.count: must have a minimum value of -9223372036854775808"),
        violations(NUMBERS_AND_NULLS,
            "spec: {name: a, generation: 9223372036854775808, count: -12345678901234567890123}\n"));
  }

  @Test
  void aNullWhereTheSchemaAllowsNoneIsDroppedOrDefaultedNotRejected() {
    // The API server prunes such nulls (PruneNonNullableNullsWithoutDefaults) and defaults the ones
    // with a default; only a null in a list, which it cannot drop, fails validation.
    assertEquals(
        List.of(
            "/spec/tags/1 spec.tags[1]: null found, string expected",
            "pruned /spec/owner spec.owner is null, which its schema does not allow (not nullable),"
                + " so the API server drops it"),
        violations(NUMBERS_AND_NULLS, "spec: {name: a, owner: null, mode: null, tags: [x, null]}\n"));
  }

  @Test
  void aRequiredFieldThatIsNullIsDroppedAndThenMissing() {
    assertEquals(
        List.of(
            "/spec/name spec: required field 'name' is missing",
            "pruned /spec/name spec.name is null, which its schema does not allow (not nullable),"
                + " so the API server drops it"),
        violations(NUMBERS_AND_NULLS, "spec: {name: null}\n"));
  }

  @Test
  void aDefaultFillsARequiredFieldBeforeValidation() {
    assertEquals(List.of(), violations(NUMBERS_AND_NULLS, "spec: {name: a, ports: [{name: http}]}\n"));
    assertEquals(
        List.of("/spec/ports/0/name spec.ports[0]: required field 'name' is missing"),
        violations(NUMBERS_AND_NULLS, "spec: {name: a, ports: [{protocol: UDP}]}\n"));
  }
}
