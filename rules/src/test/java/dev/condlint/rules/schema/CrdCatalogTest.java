package dev.condlint.rules.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.rules.Document;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CRD versions of a run, found by apiVersion and kind, each with its schema compiled once. */
class CrdCatalogTest {
  private static final String CRDS =
      """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: widgets.example.com}
      spec:
        group: example.com
        names: {kind: Widget, plural: widgets}
        versions:
        - name: v1
          schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}
        - name: v2
          schema: {openAPIV3Schema: {type: object, properties: {spec: {type: string}}}}
        - name: v3
      ---
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: widgets.other.example.com}
      spec:
        group: example.com
        names: {kind: Widget, plural: widgets}
        versions:
        - name: v1
          schema: {openAPIV3Schema: {type: object, properties: {spec: {type: integer}}}}
      """;

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

  @Test
  void aVersionsSchemaIsCompiledOnceHoweverManyObjectsItChecks() {
    CrdVersion v1 = catalog().find("example.com/v1", "Widget").orElseThrow();
    StructuralValidator first = v1.validator();

    for (int i = 0; i < 3; i++) {
      first.validate(YamlFixtures.document("spec: {replicas: " + i + "}\n").object());
      assertSame(first, v1.validator());
    }
    assertNotSame(first, catalog().find("example.com/v2", "Widget").orElseThrow().validator());
    assertEquals(
        List.of("/spec spec: string found, object expected"),
        v1.validator().validate(YamlFixtures.document("spec: x\n").object()).stream()
            .map(v -> v.pointer() + " " + v.message()).toList());
  }
}
