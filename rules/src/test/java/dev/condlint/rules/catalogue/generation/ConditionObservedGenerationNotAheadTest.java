package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConditionObservedGenerationNotAheadTest {
  private static final String RULE = "condition-observed-generation-not-ahead";

  private static String listener(String generationLine, String observedGeneration) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata:
          name: public
        %s
        status:
          listeners:
          - name: http
            conditions:
            - type: Accepted
              status: "True"
              reason: Accepted
              message: Listener is accepted
              lastTransitionTime: "2024-05-01T12:00:00Z"
              observedGeneration: %s
        """
        .formatted(generationLine, observedGeneration);
  }

  @ParameterizedTest(name = "{0} ({1})")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | metadata line | the listener condition's observedGeneration | expected
      reports an ahead condition in a nested list as an error | k8s | generation: 5 | 6 \
        | 15:27 error condition-observed-generation-not-ahead /status/listeners/0/conditions/0/observedGeneration
      reports an ahead condition in a nested list as an error | gateway-api | generation: 5 | 6 \
        | 15:27 error condition-observed-generation-not-ahead /status/listeners/0/conditions/0/observedGeneration
      reports an ahead condition in a nested list as an error | flux | generation: 5 | 6 \
        | 15:27 error condition-observed-generation-not-ahead /status/listeners/0/conditions/0/observedGeneration
      accepts a condition at the current generation | k8s | generation: 5 | 5 |
      skips objects without generation | k8s | namespace: default | 6 |
      leaves a non-integer observedGeneration to A14 | k8s | generation: 5 | "6" |
      """)
  void judgesTheObservedGenerationOfAListenerCondition(
      String example, String profile, String metadataLine, String observedGeneration, String expected) {
    assertEquals(
        RuleRun.expectedLines(expected),
        RuleRun.of(RULE).profile(profile).lines(listener("  " + metadataLine, observedGeneration)));
  }
}
