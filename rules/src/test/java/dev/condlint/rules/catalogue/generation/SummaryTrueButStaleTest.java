package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

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

  @Test
  void reportsATrueSummaryBehindTheRootObservedGeneration() {
    assertEquals(
        List.of("11:13 warning " + RULE + " /status/conditions/0/status"),
        RuleRun.of(RULE).profile("k8s").lines(database("  namespace: default", "3", "True", "3")));
  }

  @Test
  void reportsATrueSummaryWhoseOwnObservedGenerationIsBehind() {
    assertEquals(
        List.of("11:13 warning " + RULE + " /status/conditions/0/status"),
        RuleRun.of(RULE).profile("k8s").lines(database("  namespace: default", "4", "True", "3")));
  }

  @Test
  void reportsFluxsNeverObservedSentinelUnderATrueReady() {
    assertEquals(
        List.of("11:13 warning " + RULE + " /status/conditions/0/status"),
        RuleRun.of(RULE).profile("flux").lines(database("  namespace: default", "-1", "True", "4")));
  }

  @Test
  void acceptsAStaleSummaryThatIsNotTrue() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(database("  namespace: default", "3", "Unknown", "3")));
  }

  @Test
  void skipsDeletingObjectsBecauseDeletionBumpsGeneration() {
    String deleting = "  deletionTimestamp: \"2024-05-02T00:00:00Z\"";
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(database(deleting, "3", "True", "3")));
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

  @Test
  void skipsBuiltInKinds() {
    String pod =
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: web
          generation: 2
        status:
          observedGeneration: 1
          conditions:
          - type: Ready
            status: "True"
            lastTransitionTime: "2024-05-01T12:00:00Z"
        """;
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(pod));
  }
}
