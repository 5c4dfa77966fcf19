package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class AbnormalTrueConditionAbsentWhenFalseTest {
  private final RuleRun run = RuleRun.of("abnormal-true-condition-absent-when-false");

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
    assertEquals(List.of(), run.lines(STALLED_FALSE));
    assertEquals(List.of(), run.profile("capi-v1beta2").lines(STALLED_FALSE));
  }

  @Test
  void warnsInKstatusAndFluxAtTheCondition() {
    assertEquals(List.of("7:5 warning abnormal-true-condition-absent-when-false /status/conditions/1"), run.profile("kstatus").lines(STALLED_FALSE));
    assertEquals(List.of("7:5 warning abnormal-true-condition-absent-when-false /status/conditions/1"), run.profile("flux").lines(STALLED_FALSE));
  }

  @Test
  void gatewayApiListsOnlyTheTypesDocumentedAsAbsentWhenFalse() {
    assertEquals(
        List.of("9:7 warning abnormal-true-condition-absent-when-false /status/listeners/0/conditions/1"),
        run.profile("gateway-api")
            .lines(
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
        run.profile("flux")
            .lines(
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
