package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | metadata line | status.observedGeneration
      accepts the never-observed sentinel of Flux in the flux profile | flux | generation: 1 | -1
      accepts zero | k8s | generation: 1 | 0
      skips objects without generation | k8s | namespace: flux-system | -1
      """)
  void accepts(String example, String profile, String metadataLine, String observedGeneration) {
    assertEquals(
        List.of(), RuleRun.of(RULE).profile(profile).lines(kustomization("  " + metadataLine, observedGeneration)));
  }
}
