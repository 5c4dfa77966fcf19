package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapiPausedConsistentTest {
  private static final String RULE = "capi-paused-consistent";
  private static final String ANNOTATED = "  annotations:\n    cluster.x-k8s.io/paused: \"\"";

  private static String object(String kind, String metadataLines, String specPaused, String pausedStatus) {
    return """
        apiVersion: cluster.x-k8s.io/v1beta2
        kind: %s
        metadata:
          name: prod
        %s
        spec:
          paused: %s
        status:
          conditions:
          - type: Paused
            status: %s
            reason: NotPaused
            message: ""
            lastTransitionTime: "2024-05-01T12:00:00Z"
        """
        .formatted(kind, metadataLines, specPaused, pausedStatus);
  }

  @Test
  void reportsAnAnnotatedObjectWhosePausedIsNotTrue() {
    assertEquals(
        List.of("12:13 warning " + RULE + " /status/conditions/0/status"),
        RuleRun.of(RULE).profile("capi-v1beta2").lines(object("MachineDeployment", ANNOTATED, "false", "\"False\"")));
  }

  @Test
  void reportsAClusterWhoseSpecPausesIt() {
    assertEquals(
        List.of("11:13 warning " + RULE + " /status/conditions/0/status"),
        RuleRun.of(RULE).profile("capi-v1beta2").lines(object("Cluster", "  namespace: default", "true", "\"Unknown\"")));
  }

  @Test
  void readsSpecPausedOnlyOnClusters() {
    assertEquals(
        List.of(),
        RuleRun.of(RULE).profile("capi-v1beta2").lines(object("MachineDeployment", "  namespace: default", "true", "\"False\"")));
  }

  @Test
  void acceptsPausedTrueAndUnpausedObjects() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("capi-v1beta2").lines(object("Cluster", ANNOTATED, "true", "\"True\"")));
    assertEquals(
        List.of(), RuleRun.of(RULE).profile("capi-v1beta2").lines(object("Cluster", "  namespace: default", "false", "\"False\"")));
  }

  @Test
  void leavesAYamlCoercedStatusToA06() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("capi-v1beta2").lines(object("Cluster", ANNOTATED, "true", "False")));
  }

  @Test
  void isOffOutsideTheCapiV1beta2Profile() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(object("Cluster", ANNOTATED, "true", "\"False\"")));
  }
}
