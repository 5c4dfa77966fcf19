package dev.condlint.rules.catalogue.transition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.api.Test;

class ObservedGenerationNotDecreasingTest {
  private static final String RULE = "observed-generation-not-decreasing";

  private static String kustomization(long statusGeneration, long conditionGeneration) {
    return """
        apiVersion: kustomize.toolkit.fluxcd.io/v1
        kind: Kustomization
        metadata:
          name: apps
          generation: 5
        status:
          observedGeneration: %d
          conditions:
          - type: Ready
            status: "True"
            reason: ReconciliationSucceeded
            message: Applied revision main@sha1:4f2a
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: %d
        """.formatted(statusGeneration, conditionGeneration);
  }

  @Test
  void theMessageQuotesBothValues() {
    assertEquals(
        "status.observedGeneration went down from 5 to 4; the status now claims to describe an older spec,"
            + " which reads as a regression (a stale writer overwriting newer status).",
        RuleRun.only(RuleRun.of(RULE).profile("flux").update(kustomization(5, 5), kustomization(4, 5))).message());
  }
}
