package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

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

  @Test
  void reportsAnAheadObservedGenerationOnABuiltInKind() {
    assertEquals(
        List.of("7:23 error " + RULE + " /status/observedGeneration"),
        RuleRun.of(RULE).profile("k8s").lines(deployment("  generation: 2", "3")));
  }

  @Test
  void acceptsAnObservedGenerationBehindOrEqual() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(deployment("  generation: 3", "3")));
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(deployment("  generation: 3", "2")));
  }

  @Test
  void skipsObjectsWithoutGeneration() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(deployment("  namespace: default", "3")));
  }
}
