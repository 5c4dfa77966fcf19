package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionTypePascalCaseTest {
  private final Lint lint = Lint.rule("condition-type-pascalcase");

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
    assertEquals(List.of("6:11 warning /status/conditions/0/type"), lint.on(yaml));
    assertEquals(
        "Rename the type to 'example.com/CacheWarm' (a rename changes the API: update its readers too).",
        lint.findings(yaml).get(0).hint());
  }

  @Test
  void acceptsPascalCaseAndAllCapitalNames() {
    assertEquals(
        List.of(),
        lint.on(
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
        lint.on(
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
        List.of("9:13 warning /status/listeners/0/conditions/0/type"),
        lint.profile("gateway-api")
            .on(
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
        lint.on(
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
