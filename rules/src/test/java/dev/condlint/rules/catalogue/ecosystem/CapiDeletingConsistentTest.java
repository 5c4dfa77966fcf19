package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | deleting | Deleting status | its reason | its observedGeneration | expected
      reports Deleting True without deletionTimestamp | capi-v1beta2 | false | True | Deleting | 5 \
        | 10:13 warning capi-deleting-consistent /status/conditions/0/status
      reports NotDeleting written for the generation the deletion bumped | capi-v1beta2 | true | False | NotDeleting | 5 \
        | 11:13 warning capi-deleting-consistent /status/conditions/0/reason
      accepts NotDeleting from before the deletion | capi-v1beta2 | true | False | NotDeleting | 4 |
      accepts Deleting True on a deleting object | capi-v1beta2 | true | True | Deleting | 5 |
      accepts NotDeleting on an object not being deleted | capi-v1beta2 | false | False | NotDeleting | 5 |
      is off outside the capi-v1beta2 profile | capi-v1beta1 | false | True | Deleting | 5 |
      """)
  void judgesTheDeletingConditionOfAMachineAtGeneration5(
      String example, String profile, boolean deleting, String status, String reason, int observedGeneration,
      String expected) {
    String metadataLine = deleting ? DELETING : NOT_DELETING;
    assertEquals(
        RuleRun.expectedLines(expected),
        RuleRun.of(RULE).profile(profile).lines(machine(metadataLine, status, reason, observedGeneration)));
  }
}
