package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

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

  @ParameterizedTest
  @ValueSource(strings = {"k8s", "gateway-api", "flux"})
  void reportsAnAheadConditionInANestedListAsAnErrorInEveryProfile(String profile) {
    assertEquals(
        List.of("15:27 error " + RULE + " /status/listeners/0/conditions/0/observedGeneration"),
        RuleRun.of(RULE).profile(profile).lines(listener("  generation: 5", "6")));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | metadata line | the listener condition's observedGeneration
      accepts a condition at the current generation | generation: 5 | 5
      skips objects without generation | namespace: default | 6
      leaves a non-integer observedGeneration to A14 | generation: 5 | "6"
      """)
  void acceptsInTheK8sProfile(String example, String metadataLine, String observedGeneration) {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(listener("  " + metadataLine, observedGeneration)));
  }
}
