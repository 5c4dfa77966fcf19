package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  @ParameterizedTest(name = "{0} ({1})")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | metadata line | status.observedGeneration | expected
      reports a negative value as info | k8s | generation: 1 | -1 \
        | 7:23 info status-observed-generation-non-negative /status/observedGeneration
      reports a negative value as info | kstatus | generation: 1 | -1 \
        | 7:23 info status-observed-generation-non-negative /status/observedGeneration
      reports a negative value as info | gateway-api | generation: 1 | -1 \
        | 7:23 info status-observed-generation-non-negative /status/observedGeneration
      accepts the never-observed sentinel of Flux in the flux profile | flux | generation: 1 | -1 |
      accepts zero | k8s | generation: 1 | 0 |
      skips objects without generation | k8s | namespace: flux-system | -1 |
      """)
  void judgesTheObservedGenerationOfAKustomization(
      String example, String profile, String metadataLine, String observedGeneration, String expected) {
    assertEquals(
        RuleRun.expectedLines(expected),
        RuleRun.of(RULE).profile(profile).lines(kustomization("  " + metadataLine, observedGeneration)));
  }
}
