package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
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

  @Test
  void reportsAConditionThatDiffersFromTheRootInFlux() {
    assertEquals(
        List.of("20:25 warning " + RULE + " /status/conditions/1/observedGeneration"),
        RuleRun.of(RULE).profile("flux").lines(kustomization("4", "True", "3")));
  }

  @Test
  void comparesWithTheRootNotWithGeneration() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").lines(kustomization("4", "True", "4")));
  }

  @Test
  void reportsTheSummaryItselfWhenItDiffersFromTheRoot() {
    assertEquals(
        List.of("14:25 warning " + RULE + " /status/conditions/0/observedGeneration"),
        RuleRun.of(RULE).profile("flux").lines(kustomization("5", "True", "5")));
  }

  @Test
  void acceptsDifferencesWhileReadyIsNotTrue() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").lines(kustomization("4", "False", "3")));
  }

  @Test
  void leavesAZeroObservedGenerationToC04() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").lines(kustomization("4", "True", "0")));
  }

  @Test
  void comparesOnlyTheObjectsOwnConditionsWithTheRoot() {
    String nested =
        """
        apiVersion: example.toolkit.fluxcd.io/v1
        kind: Pipeline
        metadata:
          name: release
          generation: 5
        status:
          observedGeneration: 5
          stages:
          - name: build
            conditions:
            - type: Ready
              status: "True"
              reason: Succeeded
              message: Stage finished
              lastTransitionTime: "2024-05-01T12:00:00Z"
              observedGeneration: 4
        """;
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").lines(nested));
  }

  @ParameterizedTest
  @ValueSource(strings = {"k8s", "kstatus", "gateway-api", "capi-v1beta2"})
  void isOffOutsideFlux(String profile) {
    assertEquals(List.of(), RuleRun.of(RULE).profile(profile).lines(kustomization("4", "True", "3")));
  }
}
