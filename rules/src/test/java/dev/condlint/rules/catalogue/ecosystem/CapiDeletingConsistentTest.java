package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapiDeletingConsistentTest {
  private static final String RULE = "capi-deleting-consistent";
  private static final String DELETING = "  deletionTimestamp: \"2024-05-02T00:00:00Z\"";
  private static final String NOT_DELETING = "  namespace: default";

  /** Generation 5; the deletion, the Deleting condition and its observedGeneration vary. */
  private static String machine(String metadataLine, String status, String reason, int observedGeneration) {
    return """
        apiVersion: cluster.x-k8s.io/v1beta2
        kind: Machine
        metadata:
          name: worker-0
          generation: 5
        %s
        status:
          conditions:
          - type: Deleting
            status: "%s"
            reason: %s
            message: ""
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: %d
        """
        .formatted(metadataLine, status, reason, observedGeneration);
  }

  @Test
  void reportsDeletingTrueWithoutDeletionTimestamp() {
    assertEquals(
        List.of("10:13 warning " + RULE + " /status/conditions/0/status"),
        RuleRun.of(RULE).profile("capi-v1beta2").lines(machine(NOT_DELETING, "True", "Deleting", 5)));
  }

  @Test
  void reportsNotDeletingWrittenForTheGenerationTheDeletionBumped() {
    assertEquals(
        List.of("11:13 warning " + RULE + " /status/conditions/0/reason"),
        RuleRun.of(RULE).profile("capi-v1beta2").lines(machine(DELETING, "False", "NotDeleting", 5)));
  }

  @Test
  void acceptsNotDeletingFromBeforeTheDeletion() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("capi-v1beta2").lines(machine(DELETING, "False", "NotDeleting", 4)));
  }

  @Test
  void acceptsConsistentConditions() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("capi-v1beta2").lines(machine(DELETING, "True", "Deleting", 5)));
    assertEquals(List.of(), RuleRun.of(RULE).profile("capi-v1beta2").lines(machine(NOT_DELETING, "False", "NotDeleting", 5)));
  }

  @Test
  void isOffOutsideTheCapiV1beta2Profile() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("capi-v1beta1").lines(machine(NOT_DELETING, "True", "Deleting", 5)));
  }
}
