package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class AbnormalTrueConditionAbsentWhenFalseTest {
  private final Lint lint = Lint.rule("abnormal-true-condition-absent-when-false");

  private static final String STALLED_FALSE =
      """
      apiVersion: example.com/v1
      kind: Database
      metadata: {name: orders}
      status:
        conditions:
        - {type: Ready, status: "True"}
        - {type: Stalled, status: "False"}
        - {type: Reconciling, status: "True"}
      """;

  @Test
  void offInK8sAndClusterApiWhichKeepConditionsAlwaysPresent() {
    assertEquals(List.of(), lint.on(STALLED_FALSE));
    assertEquals(List.of(), lint.profile("capi-v1beta2").on(STALLED_FALSE));
  }

  @Test
  void warnsInKstatusAndFluxAtTheCondition() {
    assertEquals(List.of("7:5 warning /status/conditions/1"), lint.profile("kstatus").on(STALLED_FALSE));
    assertEquals(List.of("7:5 warning /status/conditions/1"), lint.profile("flux").on(STALLED_FALSE));
  }

  @Test
  void gatewayApiListsOnlyTheTypesDocumentedAsAbsentWhenFalse() {
    assertEquals(
        List.of("9:7 warning /status/listeners/0/conditions/1"),
        lint.profile("gateway-api")
            .on(
                """
                apiVersion: gateway.networking.k8s.io/v1
                kind: Gateway
                metadata: {name: web}
                status:
                  listeners:
                  - name: https
                    conditions:
                    - {type: Conflicted, status: "False", reason: NoConflicts}
                    - {type: OverlappingTLSConfig, status: "False", reason: NoOverlap}
                """));
  }

  @Test
  void anUnquotedFalseIsLeftToTheYamlTypeRule() {
    // YAML 1.1 reads status: False as a boolean; A06 reports that, so this rule stays quiet.
    assertEquals(
        List.of(),
        lint.profile("flux")
            .on(
                """
                apiVersion: example.com/v1
                kind: Database
                metadata: {name: orders}
                status:
                  conditions:
                  - {type: Stalled, status: False}
                """));
  }
}
