package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionTypePascalCaseTest {
  private final RuleRun run = RuleRun.of("condition-type-pascalcase");

  @Test
  void reportsTheNamePartOfAPrefixedTypeAndSuggestsKeepingThePrefix() {
    String yaml =
        """
        apiVersion: example.com/v1
        kind: Cache
        metadata: {name: sessions}
        status:
          conditions:
          - type: example.com/cache-warm
            status: "True"
        """;
    assertEquals(List.of("6:11 warning condition-type-pascalcase /status/conditions/0/type"), run.lines(yaml));
    assertEquals(
        "Rename the type to 'example.com/CacheWarm' (a rename changes the API: update its readers too).",
        run.findings(yaml).get(0).hint());
  }

  @Test
  void acceptsPascalCaseAndAllCapitalNames() {
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: example.com/v1
            kind: Cache
            metadata: {name: sessions}
            status:
              conditions:
              - {type: example.com/CacheWarm, status: "True"}
              - {type: TLS, status: "True"}
            """));
  }

  @Test
  void leavesNamesThatFailTheTypePatternToTheFormatRule() {
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: example.com/v1
            kind: Cache
            metadata: {name: sessions}
            status:
              conditions:
              - {type: "Ready!", status: "True"}
            """));
  }

  @Test
  void checksNestedConditionListsToo() {
    assertEquals(
        List.of("9:13 warning condition-type-pascalcase /status/listeners/0/conditions/0/type"),
        run.profile("gateway-api")
            .lines(
                """
                apiVersion: gateway.networking.k8s.io/v1
                kind: Gateway
                metadata: {name: web}
                status:
                  listeners:
                  - name: https
                    attachedRoutes: 1
                    conditions:
                    - type: resolved_refs
                      status: "True"
                """));
  }

  @Test
  void skipsBuiltInKindsWhoseReadinessGatesUseLabelKeyStyle() {
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: web-0}
            status:
              conditions:
              - {type: www.example.com/feature-1, status: "False"}
            """));
  }
}
