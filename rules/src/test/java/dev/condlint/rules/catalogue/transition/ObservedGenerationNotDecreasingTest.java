package dev.condlint.rules.catalogue.transition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
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
  void reportsTheStatusAndAConditionGoingDown() {
    assertEquals(
        List.of(
            "7:23 warning " + RULE + " /status/observedGeneration",
            "14:25 warning " + RULE + " /status/conditions/0/observedGeneration"),
        RuleRun.of(RULE).profile("flux").updateLines(kustomization(5, 5), kustomization(4, 3)));
  }

  @Test
  void theMessageQuotesBothValues() {
    assertEquals(
        "status.observedGeneration went down from 5 to 4; the status now claims to describe an older spec,"
            + " which reads as a regression (a stale writer overwriting newer status).",
        RuleRun.only(RuleRun.of(RULE).profile("flux").update(kustomization(5, 5), kustomization(4, 5))).message());
  }

  @Test
  void acceptsEqualAndGrowingValues() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").updateLines(kustomization(4, 4), kustomization(4, 5)));
  }

  @Test
  void fluxsUnobservedSentinelIsNotAnOldGeneration() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").updateLines(kustomization(-1, -1), kustomization(-2, -2)));
  }

  @Test
  void skipsAValueThatIsNotAnInteger() {
    String quoted = kustomization(4, 5).replace("observedGeneration: 4", "observedGeneration: \"4\"");
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").updateLines(kustomization(5, 5), quoted));
  }
}
