package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StatusObservedGenerationNonNegativeTest {
  private static final String RULE = "status-observed-generation-non-negative";

  private static String kustomization(String generationLine, String observedGeneration) {
    return """
        apiVersion: kustomize.toolkit.fluxcd.io/v1
        kind: Kustomization
        metadata:
          name: apps
        %s
        status:
          observedGeneration: %s
        """
        .formatted(generationLine, observedGeneration);
  }

  @ParameterizedTest
  @ValueSource(strings = {"k8s", "kstatus", "gateway-api"})
  void reportsANegativeValueAsInfo(String profile) {
    assertEquals(
        List.of("7:23 info " + RULE + " /status/observedGeneration"),
        RuleRun.of(RULE).profile(profile).lines(kustomization("  generation: 1", "-1")));
  }

  @Test
  void acceptsFluxsNeverObservedSentinelInTheFluxProfile() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").lines(kustomization("  generation: 1", "-1")));
  }

  @Test
  void acceptsZero() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(kustomization("  generation: 1", "0")));
  }

  @Test
  void skipsObjectsWithoutGeneration() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(kustomization("  namespace: flux-system", "-1")));
  }
}
