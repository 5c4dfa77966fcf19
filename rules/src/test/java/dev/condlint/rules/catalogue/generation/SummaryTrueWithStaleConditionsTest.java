package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SummaryTrueWithStaleConditionsTest {
  private static final String RULE = "summary-true-with-stale-conditions";

  /** Generation 3; Ready and Synced vary. */
  private static String database(String metadataLine, String readyStatus, String readyObserved, String syncedObserved) {
    return """
        apiVersion: example.com/v1
        kind: Database
        metadata:
          name: orders
          generation: 3
        %s
        status:
          observedGeneration: 3
          conditions:
          - type: Ready
            status: "%s"
            reason: Reconciled
            message: All components are ready
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: %s
          - type: Synced
            status: "True"
            reason: SyncSucceeded
            message: Replicas are in sync
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: %s
        """
        .formatted(metadataLine, readyStatus, readyObserved, syncedObserved);
  }

  @ParameterizedTest
  @CsvSource({"k8s, info, Ready", "flux, warning, Ready", "capi-v1beta2, info, Ready", "gateway-api, info, Accepted"})
  void reportsAStaleConditionBesideATrueSummary(String profile, String severity, String summaryType) {
    String yaml = database("  namespace: default", "True", "3", "2").replace("type: Ready", "type: " + summaryType);
    assertEquals(
        List.of("21:25 " + severity + " " + RULE + " /status/conditions/1/observedGeneration"),
        RuleRun.of(RULE).profile(profile).lines(yaml));
  }

  @Test
  void theMessageSaysThatKstatusComputesCurrentAnyway() {
    List<String> messages =
        RuleRun.of(RULE).withoutNow().messages(database("  namespace: default", "True", "3", "2"));
    assertEquals(
        List.of(
            "'Ready' is \"True\" while this condition's observedGeneration 2 is behind metadata.generation 3:"
                + " the summary claims a reconciled object although this part still describes an older spec."
                + " kstatus computes Current: Resource is Ready."),
        messages);
  }

  @ParameterizedTest
  @ValueSource(strings = {"kstatus", "knative", "capi-v1beta1"})
  void isOffWhereConditionsCarryNoOrAnIgnoredObservedGeneration(String profile) {
    assertEquals(List.of(), RuleRun.of(RULE).profile(profile).lines(database("  namespace: default", "True", "3", "2")));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | metadata line | Ready's status | Ready's observedGeneration | Synced's observedGeneration
      leaves the own staleness of a True summary to C05 | namespace: default | True | 2 | 3
      accepts stale conditions while the summary is not True | namespace: default | Unknown | 3 | 2
      ignores a zero observedGeneration | namespace: default | True | 3 | 0
      skips deleting objects | deletionTimestamp: "2024-05-02T00:00:00Z" | True | 3 | 2
      """)
  void acceptsInTheK8sProfile(
      String example, String metadataLine, String readyStatus, String readyObserved, String syncedObserved) {
    assertEquals(
        List.of(),
        RuleRun.of(RULE).profile("k8s").lines(database("  " + metadataLine, readyStatus, readyObserved, syncedObserved)));
  }
}
