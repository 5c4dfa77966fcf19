package dev.condlint.rules.catalogue.transition;

import static dev.condlint.rules.catalogue.transition.UpdateFixtures.database;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransitionTimeNotBackwardsTest {
  private static final String RULE = "transition-time-not-backwards";

  private static final String OLD =
      database(
          """
            - type: Ready
              status: "True"
              reason: Reconciled
              message: All components are ready
              lastTransitionTime: "2024-05-01T12:00:00.5Z"
          """);

  private static String at(String time) {
    return OLD.replace("2024-05-01T12:00:00.5Z", time);
  }

  @Test
  void reportsATimeBeforeTheStoredOneEvenWithoutAStatusChange() {
    assertEquals(
        List.of("11:25 warning " + RULE + " /status/conditions/0/lastTransitionTime"),
        RuleRun.of(RULE).profile("k8s").updateLines(OLD, at("2024-05-01T12:00:00Z")));
  }

  @Test
  void comparesOffsetsAndFractionsAsInstants() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").updateLines(OLD, at("2024-05-01T14:00:00.5+02:00")));
    assertEquals(
        List.of("11:25 warning " + RULE + " /status/conditions/0/lastTransitionTime"),
        RuleRun.of(RULE).profile("k8s").updateLines(OLD, at("2024-05-01T13:59:59+02:00")));
  }

  @Test
  void acceptsALaterTime() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").updateLines(OLD, at("2024-05-02T08:00:00Z")));
  }

  @Test
  void ignoresAConditionTheOldObjectDidNotHave() {
    String added = OLD + """
          - type: Synced
            status: "True"
            reason: Synced
            message: In sync
            lastTransitionTime: "2020-01-01T00:00:00Z"
        """;
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").updateLines(OLD, added));
  }
}
