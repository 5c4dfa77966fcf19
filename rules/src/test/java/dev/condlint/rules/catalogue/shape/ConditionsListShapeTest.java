package dev.condlint.rules.catalogue.shape;

import static dev.condlint.rules.testing.ObjectFixtures.GATEWAY_API;
import static dev.condlint.rules.testing.ObjectFixtures.withStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.CrdFixtures;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionsListShapeTest {
  private static final String RULE = "conditions-list-shape";

  @Test
  void namesTheConventionOnlyWhereNothingDeclaresTheKindsSchema() {
    // example.com's Database: no CRD, schema location or catalogue; its API may declare a map.
    String yaml = ShapeFixtures.DATABASE + "    Ready: \"True\"\n";
    assertEquals(List.of("5:3 info conditions-list-shape /status/conditions"), RuleRun.of(RULE).profile("k8s").lines(yaml));
    assertEquals(
        "The condition list is an object, not a list: conditions are conventionally a list of objects, each with its"
            + " own type (metav1.Condition); no CRD or catalogue condlint has declares this kind's schema, so whether"
            + " its API accepts this is not known.",
        RuleRun.of(RULE).profile("k8s").findings(YamlFixtures.document(yaml)).get(0).message());
  }

  @Test
  void reportsAMapOfConditionsAtTheListOfAKindTheCatalogueDeclares() {
    String yaml = withStatus("cert-manager.io/v1", "Certificate", "tls", "conditions:\n  Ready: \"True\"\n");
    assertEquals(List.of("5:3 error conditions-list-shape /status/conditions"),
        RuleRun.of(RULE).profile("cert-manager").lines(yaml));
    assertEquals(
        "The condition list is an object, not a list: conditions are a list of objects, each with its own type.",
        RuleRun.of(RULE).profile("cert-manager").findings(YamlFixtures.document(yaml)).get(0).message());
  }

  @Test
  void checksNestedListsAndBuiltInKindsToo() {
    String yaml = withStatus(GATEWAY_API, "Gateway", "gw", """
        listeners:
        - name: http
          conditions:
          - {type: Programmed, status: "True"}
          - Accepted
        """);
    assertEquals(
        List.of("9:7 error conditions-list-shape /status/listeners/0/conditions/1"),
        RuleRun.of(RULE).profile("gateway-api").lines(yaml));
    String pod = withStatus("v1", "Pod", "p", "conditions: Ready\n");
    assertEquals(List.of("5:15 error conditions-list-shape /status/conditions"), RuleRun.of(RULE).profile("k8s").lines(pod));
  }

  @Test
  void leavesAMapOfConditionsAloneWhereTheKindsCrdDeclaresAMap() {
    // kubermatic.k8c.io/v1 Cluster: Conditions map[ClusterConditionType]ClusterCondition, a schema of
    // additionalProperties; the API server accepts the map, so it is no shape error for that kind.
    String mapCrd = CrdFixtures.crd("Database", "example.com", "v1", """
        type: object
        properties:
          conditions:
            type: object
            additionalProperties:
              type: object
              properties:
                status: {type: string}
        """);
    String yaml = ShapeFixtures.DATABASE + "    Ready:\n      status: \"True\"\n";
    assertEquals(List.of(), RuleRun.lines(RuleRun.of(RULE).profile("k8s")
        .findings(List.of(YamlFixtures.document(mapCrd)), List.of(YamlFixtures.document(yaml)))));
    String listCrd = CrdFixtures.crd("Database", "example.com", "v1", """
        type: object
        properties:
          conditions:
            type: array
            items: {type: object, x-kubernetes-preserve-unknown-fields: true}
        """);
    assertEquals(List.of("5:3 error conditions-list-shape /status/conditions"), RuleRun.lines(RuleRun.of(RULE)
        .profile("k8s").findings(List.of(YamlFixtures.document(listCrd)), List.of(YamlFixtures.document(yaml)))));
  }

  @Test
  void leavesAnEmptyOrNullListAlone() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(ShapeFixtures.DATABASE));
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(ShapeFixtures.DATABASE.replace("conditions:", "conditions: []")));
  }
}
