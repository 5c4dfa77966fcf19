package dev.condlint.rules.catalogue.transition;

import static dev.condlint.rules.catalogue.transition.UpdateFixtures.database;
import static dev.condlint.rules.catalogue.transition.UpdateFixtures.readyTrueSince;
import static dev.condlint.rules.catalogue.transition.UpdateFixtures.gateway;
import static dev.condlint.rules.catalogue.transition.UpdateFixtures.listenerCondition;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransitionTimeBumpedOnStatusChangeTest {
  private static final String RULE = "transition-time-bumped-on-status-change";

  private static final String READY_TRUE = readyTrueSince("2024-05-01T12:00:00Z");

  /** Ready gone False, with the status written as given (quoted or not) and the given time. */
  private static String degraded(String status, String time) {
    return database(
        """
          - type: Ready
            status: %s
            reason: Degraded
            message: Replica 2 of 3 is not ready
            lastTransitionTime: "%s"
        """.formatted(status, time));
  }

  @Test
  void reportsAStatusChangeThatKeepsTheSameInstantWrittenInAnotherOffset() {
    assertEquals(
        List.of("11:25 warning " + RULE + " /status/conditions/0/lastTransitionTime"),
        RuleRun.of(RULE).profile("k8s").updateLines(READY_TRUE, degraded("\"False\"", "2024-05-01T14:00:00+02:00")));
  }

  @Test
  void acceptsAStatusChangeWithANewTime() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").updateLines(READY_TRUE, degraded("\"False\"", "2024-05-01T12:00:01Z")));
  }

  @Test
  void skipsAStatusThatIsNotAStringSinceA05AndA06ReportIt() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").updateLines(READY_TRUE, degraded("False", "2024-05-01T12:00:00Z")));
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
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").updateLines(READY_TRUE, reordered));
  }

  @Test
  void checksNestedListsAgainstTheOldListAtTheSamePointer() {
    assertEquals(
        List.of("13:27 warning " + RULE + " /status/listeners/0/conditions/0/lastTransitionTime"),
        RuleRun.of(RULE).profile("gateway-api").updateLines(gateway(listenerCondition("Programmed", "True")), gateway(listenerCondition("Programmed", "False"))));
  }
}
