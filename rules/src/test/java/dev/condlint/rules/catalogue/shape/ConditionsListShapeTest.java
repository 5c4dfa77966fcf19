package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionsListShapeTest {
  private static final String RULE = "conditions-list-shape";

  @Test
  void reportsAMapOfConditionsAtTheList() {
    String yaml = ShapeFindings.DATABASE + "    Ready: \"True\"\n";
    assertEquals(List.of("6:3 error conditions-list-shape /status/conditions"), ShapeFindings.of(RULE, "k8s", yaml));
    assertEquals(
        "The condition list is an object, not a list: conditions are a list of objects, each with its own type.",
        ShapeFindings.findings(RULE, "k8s", YamlFixtures.document(yaml)).get(0).message());
  }

  @Test
  void reportsEachItemThatIsNotAnObject() {
    String yaml =
        ShapeFindings.DATABASE
            + """
                - Ready
                - type: Synced
                  status: "True"
                - [a, b]
              """;
    assertEquals(
        List.of("7:5 error conditions-list-shape /status/conditions/0",
            "10:5 error conditions-list-shape /status/conditions/2"),
        ShapeFindings.of(RULE, "k8s", yaml));
  }

  @Test
  void checksNestedListsAndBuiltInKindsToo() {
    String yaml =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: gw}
        status:
          listeners:
          - name: http
            conditions:
            - {type: Programmed, status: "True"}
            - Accepted
        """;
    assertEquals(
        List.of("9:7 error conditions-list-shape /status/listeners/0/conditions/1"),
        ShapeFindings.of(RULE, "gateway-api", yaml));
    String pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nstatus:\n  conditions: Ready\n";
    assertEquals(List.of("5:15 error conditions-list-shape /status/conditions"), ShapeFindings.of(RULE, "k8s", pod));
  }

  @Test
  void leavesAnEmptyOrNullListAlone() {
    assertEquals(List.of(), ShapeFindings.of(RULE, "k8s", ShapeFindings.DATABASE));
    assertEquals(List.of(), ShapeFindings.of(RULE, "k8s", ShapeFindings.DATABASE.replace("conditions:", "conditions: []")));
  }
}
