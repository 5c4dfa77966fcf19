package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | kind | annotated paused | spec.paused | Paused status | expected
      reports an annotated object whose Paused is not True | capi-v1beta2 | MachineDeployment | true | false \
        | "False" | 12:13 warning capi-paused-consistent /status/conditions/0/status
      reports a Cluster whose spec pauses it | capi-v1beta2 | Cluster | false | true | "Unknown" \
        | 11:13 warning capi-paused-consistent /status/conditions/0/status
      reads spec.paused only on Clusters | capi-v1beta2 | MachineDeployment | false | true | "False" |
      accepts a paused object whose Paused is True | capi-v1beta2 | Cluster | true | true | "True" |
      accepts an unpaused object whose Paused is False | capi-v1beta2 | Cluster | false | false | "False" |
      leaves a YAML-coerced status to A06 | capi-v1beta2 | Cluster | true | true | False |
      is off outside the capi-v1beta2 profile | k8s | Cluster | true | true | "False" |
      """)
  void judgesThePausedConditionAgainstTheAnnotationAndSpec(
      String example, String profile, String kind, boolean annotated, String specPaused, String pausedStatus,
      String expected) {
    String metadataLines = annotated ? ANNOTATED : "  namespace: default";
    assertEquals(
        RuleRun.expectedLines(expected),
        RuleRun.of(RULE).profile(profile).lines(object(kind, metadataLines, specPaused, pausedStatus)));
  }
}
