package dev.condlint.rules.transition;

import static dev.condlint.rules.transition.Transition.database;
import static dev.condlint.rules.transition.Transition.findings;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TransitionTimeBumpedOnStatusChangeTest {
  private static final String RULE = "transition-time-bumped-on-status-change";

  private static final String READY_TRUE =
      database(
          """
            - type: Ready
              status: "True"
              reason: Reconciled
              message: All components are ready
              lastTransitionTime: "2024-05-01T12:00:00Z"
          """);

  @Test
  void reportsAStatusChangeThatKeepsTheSameInstantWrittenInAnotherOffset() {
    String ready =
        database(
            """
              - type: Ready
                status: "False"
                reason: Degraded
                message: Replica 2 of 3 is not ready
                lastTransitionTime: "2024-05-01T14:00:00+02:00"
            """);
    assertEquals(
        List.of("11:25 warning " + RULE + " /status/conditions/0/lastTransitionTime"),
        findings(RULE, "k8s", READY_TRUE, ready));
  }

  @Test
  void acceptsAStatusChangeWithANewTime() {
    String ready =
        database(
            """
              - type: Ready
                status: "False"
                reason: Degraded
                message: Replica 2 of 3 is not ready
                lastTransitionTime: "2024-05-01T12:00:01Z"
            """);
    assertEquals(List.of(), findings(RULE, "k8s", READY_TRUE, ready));
  }

  @Test
  void skipsAStatusThatIsNotAStringSinceA05AndA06ReportIt() {
    String ready =
        database(
            """
              - type: Ready
                status: False
                reason: Degraded
                message: Replica 2 of 3 is not ready
                lastTransitionTime: "2024-05-01T12:00:00Z"
            """);
    assertEquals(List.of(), findings(RULE, "k8s", READY_TRUE, ready));
  }

  @Test
  void pairsConditionsByTypeNotByPosition() {
    String reordered =
        database(
            """
              - type: Synced
                status: "True"
                reason: Synced
                message: In sync
                lastTransitionTime: "2024-05-01T12:00:00Z"
              - type: Ready
                status: "True"
                reason: Reconciled
                message: All components are ready
                lastTransitionTime: "2024-05-01T12:00:00Z"
            """);
    assertEquals(List.of(), findings(RULE, "k8s", READY_TRUE, reordered));
  }

  @Test
  void checksNestedListsAgainstTheOldListAtTheSamePointer() {
    String oldGateway =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata:
          name: edge
        status:
          listeners:
          - name: https
            conditions:
            - type: Programmed
              status: "True"
              reason: Programmed
              message: Listener is programmed
              lastTransitionTime: "2024-05-01T12:00:00Z"
        """;
    String newGateway = oldGateway.replace("status: \"True\"", "status: \"False\"");
    assertEquals(
        List.of("13:27 warning " + RULE + " /status/listeners/0/conditions/0/lastTransitionTime"),
        findings(RULE, "gateway-api", oldGateway, newGateway));
  }
}
