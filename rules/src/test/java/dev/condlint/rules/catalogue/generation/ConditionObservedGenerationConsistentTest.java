package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ConditionObservedGenerationConsistentTest {
  private static final String RULE = "condition-observed-generation-consistent";

  /** Generation 5; the root observedGeneration, Ready's status and Healthy's observedGeneration vary. */
  private static String kustomization(String rootObserved, String readyStatus, String healthyObserved) {
    return """
        apiVersion: kustomize.toolkit.fluxcd.io/v1
        kind: Kustomization
        metadata:
          name: apps
          generation: 5
        status:
          observedGeneration: %s
          conditions:
          - type: Ready
            status: "%s"
            reason: ReconciliationSucceeded
            message: "Applied revision: main@sha1:5f3c2a1"
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: 4
          - type: Healthy
            status: "True"
            reason: Succeeded
            message: Health check passed
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: %s
        """
        .formatted(rootObserved, readyStatus, healthyObserved);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | root observedGeneration | Ready's status | Healthy's observedGeneration | expected
      reports a condition that differs from the root | 4 | True | 3 \
        | 20:25 warning condition-observed-generation-consistent /status/conditions/1/observedGeneration
      compares with the root, not with generation | 4 | True | 4 |
      reports the summary itself when it differs from the root | 5 | True | 5 \
        | 14:25 warning condition-observed-generation-consistent /status/conditions/0/observedGeneration
      accepts differences while Ready is not True | 4 | False | 3 |
      leaves a zero observedGeneration to C04 | 4 | True | 0 |
      """)
  void comparesTheConditionsOfAKustomizationAtGeneration5InFlux(
      String example, String rootObserved, String readyStatus, String healthyObserved, String expected) {
    assertEquals(
        RuleRun.expectedLines(expected),
        RuleRun.of(RULE).profile("flux").lines(kustomization(rootObserved, readyStatus, healthyObserved)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"k8s", "kstatus", "gateway-api", "capi-v1beta2"})
  void isOffOutsideFlux(String profile) {
    assertEquals(List.of(), RuleRun.of(RULE).profile(profile).lines(kustomization("4", "True", "3")));
  }
}
