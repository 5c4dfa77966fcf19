package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

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

  @Test
  void reportsTheReasonOnceTheGenerationIsObserved() {
    assertEquals(
        List.of("11:13 warning " + RULE + " /status/conditions/0/reason"),
        RuleRun.of(RULE).profile("knative").lines(configuration("observedGeneration: 2")));
  }

  @Test
  void acceptsTheReasonWhileTheNewGenerationIsBeingReconciled() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("knative").lines(configuration("observedGeneration: 1")));
  }

  @Test
  void skipsObjectsWithoutObservedGeneration() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("knative").lines(configuration("annotations: {}")));
  }

  @Test
  void isOffOutsideTheKnativeProfile() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(configuration("observedGeneration: 2")));
  }
}
