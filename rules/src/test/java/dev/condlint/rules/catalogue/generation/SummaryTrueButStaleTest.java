package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SummaryTrueButStaleTest {
  private static final String RULE = "summary-true-but-stale";

  /** Generation 4; the Ready condition's status and observedGeneration vary. */
  private static String database(String metadataLine, String rootObserved, String readyStatus, String readyObserved) {
    return """
        apiVersion: example.com/v1
        kind: Database
        metadata:
          name: orders
          generation: 4
        %s
        status:
          observedGeneration: %s
          conditions:
          - type: Ready
            status: "%s"
            reason: Reconciled
            message: All components are ready
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: %s
        """
        .formatted(metadataLine, rootObserved, readyStatus, readyObserved);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | metadata line | root observedGeneration | Ready's status | Ready's observedGeneration | expected
      reports a True summary behind the root observedGeneration | k8s | namespace: default | 3 | True | 3 \
        | 11:13 warning summary-true-but-stale /status/conditions/0/status
      reports a True summary whose own observedGeneration is behind | k8s | namespace: default | 4 | True | 3 \
        | 11:13 warning summary-true-but-stale /status/conditions/0/status
      reports the never-observed sentinel of Flux under a True Ready | flux | namespace: default | -1 | True | 4 \
        | 11:13 warning summary-true-but-stale /status/conditions/0/status
      accepts a stale summary that is not True | k8s | namespace: default | 3 | Unknown | 3 |
      skips deleting objects because deletion bumps generation | k8s | deletionTimestamp: "2024-05-02T00:00:00Z" \
        | 3 | True | 3 |
      """)
  void judgesTheReadyConditionOfADatabaseAtGeneration4(
      String example, String profile, String metadataLine, String rootObserved, String readyStatus,
      String readyObserved, String expected) {
    assertEquals(
        RuleRun.expectedLines(expected),
        RuleRun.of(RULE).profile(profile).lines(database("  " + metadataLine, rootObserved, readyStatus, readyObserved)));
  }

  @Test
  void usesTheSummaryTypesOfTheKindsContract() {
    String gateway =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata:
          name: public
          generation: 2
        status:
          conditions:
          - type: Accepted
            status: "True"
            reason: Accepted
            message: Gateway is accepted
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: 2
          - type: Programmed
            status: "True"
            reason: Programmed
            message: Gateway is programmed
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: 1
        """;
    assertEquals(
        List.of("15:13 warning " + RULE + " /status/conditions/1/status"),
        RuleRun.of(RULE).profile("gateway-api").lines(gateway));
    assertEquals(List.of("15:13 warning " + RULE + " /status/conditions/1/status"),
        RuleRun.of(RULE).profile("k8s").lines(gateway), "the catalogue knows a Gateway's summaries, whatever the profile");
  }

  @Test
  void judgesNestedListsByTheirOwnObservedGenerationOnly() {
    String gateway =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata:
          name: public
          generation: 3
        status:
          observedGeneration: 2
          listeners:
          - name: https
            conditions:
            - type: Accepted
              status: "True"
              reason: Accepted
              message: Listener is accepted
              lastTransitionTime: "2024-05-01T12:00:00Z"
              observedGeneration: %s
        """;
    assertEquals(List.of(), RuleRun.of(RULE).profile("gateway-api").lines(gateway.formatted("3")));
    assertEquals(
        List.of("12:15 warning " + RULE + " /status/listeners/0/conditions/0/status"),
        RuleRun.of(RULE).profile("gateway-api").lines(gateway.formatted("2")));
  }
}
