package dev.condlint.rules.schema;

import static dev.condlint.rules.testing.CrdFixtures.crdOfVersions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.Document;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The CRD versions of a run, found by apiVersion and kind, kept compact, each with its schema
 * compiled once while it is among the recently used.
 */
class CrdCatalogTest {
  private static final String CRDS = crdOfVersions("Widget", "example.com", """
      - name: v1
        schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}
      - name: v2
        schema: {openAPIV3Schema: {type: object, properties: {spec: {type: string}}}}
      - name: v3
      """)
      // The same kind's v1 again, in a CRD of another name.
      + "---\n" + crdOfVersions("Widget", "example.com", """
      - name: v1
        schema: {openAPIV3Schema: {type: object, properties: {spec: {type: integer}}}}
      """).replace("widgets.example.com", "widgets.other.example.com");

  private static CrdCatalog catalog() {
    return CrdCatalog.of(YamlFixtures.documents("crds.yaml", CRDS).stream().map(Document::object).toList());
  }

  @Test
  void eachVersionWithASchemaIsFoundByApiVersionAndKindAndTheFirstCrdOfAVersionWins() {
    CrdCatalog catalog = catalog();

    assertEquals(2, catalog.size());
    assertEquals("widgets.example.com", catalog.find("example.com/v1", "Widget").orElseThrow().crdName());
    assertEquals("widgets.example.com", catalog.find("example.com/v2", "Widget").orElseThrow().crdName());
    assertTrue(catalog.find("example.com/v3", "Widget").isEmpty(), "a version without schema checks nothing");
    assertTrue(catalog.find("example.com/v1", "Gadget").isEmpty());
  }

  /**
   * apiextensions.k8s.io/v1beta1 keeps one schema for every version at {@code spec.validation}; the API server serves
   * it to each version without a schema of its own, and so does the catalog (a version with its own keeps it).
   */
  @Test
  void aV1beta1CrdsTopLevelSchemaServesEveryVersionWithoutItsOwn() {
    String v1beta1 = """
        apiVersion: apiextensions.k8s.io/v1beta1
        kind: CustomResourceDefinition
        metadata: {name: gadgets.example.com}
        spec:
          group: example.com
          names: {kind: Gadget, plural: gadgets}
          validation:
            openAPIV3Schema: {type: object, properties: {spec: {type: object}}}
          versions:
          - name: v1alpha1
          - name: v1beta1
            schema: {openAPIV3Schema: {type: object, properties: {spec: {type: integer}}}}
        """;
    CrdCatalog catalog =
        CrdCatalog.of(YamlFixtures.documents("crds.yaml", v1beta1).stream().map(Document::object).toList());

    assertEquals(List.of("/spec spec: string found, object expected"),
        violations(catalog.find("example.com/v1alpha1", "Gadget").orElseThrow(), "spec: x\n"));
    assertEquals(List.of("/spec spec: string found, integer expected"),
        violations(catalog.find("example.com/v1beta1", "Gadget").orElseThrow(), "spec: x\n"));
  }

  /** What the version's compiled schema says of an object, each violation as "pointer message". */
  private static List<String> violations(CrdVersion version, String yaml) {
    return version.validator().validate(YamlFixtures.tree(yaml)).stream().map(v -> v.pointer() + " " + v.message())
        .toList();
  }

  @Test
  void aVersionsSchemaIsCompiledOnceHoweverManyObjectsItChecks() {
    CrdVersion v1 = catalog().find("example.com/v1", "Widget").orElseThrow();
    StructuralValidator first = v1.validator();

    for (int i = 0; i < 3; i++) {
      first.validate(YamlFixtures.tree("spec: {replicas: " + i + "}\n"));
      assertSame(first, v1.validator());
    }
    assertNotSame(first, catalog().find("example.com/v2", "Widget").orElseThrow().validator());
    assertEquals(List.of("/spec spec: string found, object expected"), violations(v1, "spec: x\n"));
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode crd(String kind) throws Exception {
    return JSON.readTree("""
        {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
         "metadata": {"name": "%ss.example.com"},
         "spec": {"group": "example.com", "names": {"kind": "%s"},
          "versions": [{"name": "v1", "schema": {"openAPIV3Schema": {"type": "object", "properties": {
            "spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}},
            "status": {"type": "object", "properties": {"conditions": {"type": "array",
              "items": {"type": "object", "properties": {"type": {"type": "string"}, "status": {"type": "string"}}}}}}}}}}]}}
        """.formatted(kind.toLowerCase(), kind));
  }

  @Test
  void keepsTheMostRecentlyUsedValidatorsAndRecompilesAnEvictedOneWithTheSameResult() throws Exception {
    CrdCatalog catalog = CrdCatalog.of(List.of(crd("A"), crd("B"), crd("C")), 2);
    CrdVersion a = catalog.find("example.com/v1", "A").orElseThrow();
    CrdVersion b = catalog.find("example.com/v1", "B").orElseThrow();
    CrdVersion c = catalog.find("example.com/v1", "C").orElseThrow();

    StructuralValidator first = a.validator();
    assertSame(first, a.validator());
    b.validator();
    c.validator(); // evicts A, the least recently used
    StructuralValidator again = a.validator();

    assertNotSame(first, again);
    JsonNode sample = JSON.readTree("{\"spec\": {\"replicas\": \"three\"}}");
    assertEquals(first.validate(sample), again.validate(sample));
    assertEquals(
        List.of(new SchemaViolation(
            "/spec/replicas", "spec.replicas: string found, integer expected", SchemaViolation.Kind.INVALID)),
        again.validate(sample));
  }

  @Test
  void givesTheSchemaAndConditionListsBackFromTheCompactForm() throws Exception {
    JsonNode crd = crd("A");
    CrdVersion a = CrdCatalog.of(List.of(crd)).find("example.com/v1", "A").orElseThrow();

    assertEquals(crd.at("/spec/versions/0/schema/openAPIV3Schema"), a.schema());
    FieldSchema string = new FieldSchema("string", Optional.empty(), List.of(), Optional.empty(), OptionalInt.empty(),
        OptionalInt.empty());
    assertEquals(Map.of("status.conditions", new ConditionListSchema(new ConditionItemSchema(
            new LinkedHashMap<>(Map.of("type", string, "status", string)), Set.of()), Optional.empty(), List.of(),
            OptionalInt.empty(), List.of())),
        a.conditionLists());
  }

  @Test
  void theFirstCrdOfANameWins() throws Exception {
    JsonNode first = crd("A");
    JsonNode second = crd("A");
    ((ObjectNode) second.at("/spec/versions/0/schema/openAPIV3Schema"))
        .put("description", "second");

    CrdCatalog catalog = CrdCatalog.of(List.of(first, second));

    assertEquals(1, catalog.size());
    assertEquals(first.at("/spec/versions/0/schema/openAPIV3Schema"),
        catalog.find("example.com/v1", "A").orElseThrow().schema());
  }

  @Test
  void recentlyUsedComputesAKeyOnlyWhenItIsNotKept() {
    RecentlyUsed<String, String> cache = new RecentlyUsed<>(2);
    List<String> computed = new ArrayList<>();

    for (String key : List.of("a", "b", "a", "c", "a", "b")) {
      cache.get(key, k -> {
        computed.add(k);
        return k.toUpperCase();
      });
    }

    // "c" evicts "b" (a was used after b), and "b" is computed again.
    assertEquals(List.of("a", "b", "c", "b"), computed);
    assertEquals(2, cache.size());
  }
}
