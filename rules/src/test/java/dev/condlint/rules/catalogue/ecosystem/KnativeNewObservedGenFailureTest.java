package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KnativeNewObservedGenFailureTest {
  private static final String RULE = "knative-new-observed-gen-failure";

  private static String configuration(String observedGenerationLine) {
    return """
        apiVersion: serving.knative.dev/v1
        kind: Configuration
        metadata:
          name: hello
          generation: 2
        status:
          %s
          conditions:
          - type: Ready
            status: "Unknown"
            reason: NewObservedGenFailure
            message: unsuccessfully observed a new generation
        """
        .formatted(observedGenerationLine);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | the line before status.conditions | expected
      reports the reason once the generation is observed | knative | observedGeneration: 2 \
        | 11:13 warning knative-new-observed-gen-failure /status/conditions/0/reason
      accepts the reason while the new generation is being reconciled | knative | observedGeneration: 1 |
      skips objects without observedGeneration | knative | annotations: {} |
      is off outside the knative profile | k8s | observedGeneration: 2 |
      """)
  void judgesNewObservedGenFailureOnAConfigurationAtGeneration2(
      String example, String profile, String observedGenerationLine, String expected) {
    assertEquals(
        RuleRun.expectedLines(expected), RuleRun.of(RULE).profile(profile).lines(configuration(observedGenerationLine)));
  }
}
