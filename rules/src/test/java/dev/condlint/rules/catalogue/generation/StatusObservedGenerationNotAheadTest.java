package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatusObservedGenerationNotAheadTest {
  private static final String RULE = "status-observed-generation-not-ahead";

  private static String deployment(String generationLine, String observedGeneration) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
        %s
        status:
          observedGeneration: %s
        """
        .formatted(generationLine, observedGeneration);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | metadata line | status.observedGeneration | expected
      reports an ahead observedGeneration on a built-in kind | generation: 2 | 3 \
        | 7:23 error status-observed-generation-not-ahead /status/observedGeneration
      accepts an observedGeneration equal to generation | generation: 3 | 3 |
      accepts an observedGeneration behind generation | generation: 3 | 2 |
      skips objects without generation | namespace: default | 3 |
      """)
  void judgesTheObservedGenerationOfADeploymentInTheK8sProfile(
      String example, String metadataLine, String observedGeneration, String expected) {
    assertEquals(
        RuleRun.expectedLines(expected),
        RuleRun.of(RULE).profile("k8s").lines(deployment("  " + metadataLine, observedGeneration)));
  }
}
