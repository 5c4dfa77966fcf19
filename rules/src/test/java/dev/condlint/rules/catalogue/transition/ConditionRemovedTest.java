package dev.condlint.rules.catalogue.transition;

import static dev.condlint.rules.catalogue.transition.UpdateFixtures.database;
import static dev.condlint.rules.catalogue.transition.UpdateFixtures.gateway;
import static dev.condlint.rules.catalogue.transition.UpdateFixtures.listenerCondition;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConditionRemovedTest {
  private static final String RULE = "condition-removed";

  private static final String READY =
      """
        - type: Ready
          status: "True"
          reason: Reconciled
          message: All components are ready
          lastTransitionTime: "2024-05-01T12:00:00Z"
      """;

  private static final String RECONCILING =
      """
        - type: Reconciling
          status: "True"
          reason: Progressing
          message: Applying revision 7
          lastTransitionTime: "2024-05-01T11:59:00Z"
      """;

  @ParameterizedTest
  @ValueSource(strings = {"kstatus", "flux"})
  void isQuietForTypesPresentOnlyWhileAbnormal(String profile) {
    assertEquals(List.of(), RuleRun.of(RULE).profile(profile).updateLines(database(READY + RECONCILING), database(READY)));
    assertEquals(
        List.of("6:3 info " + RULE + " /status/conditions"),
        RuleRun.of(RULE).profile(profile).updateLines(database(READY + RECONCILING), database(RECONCILING)));
  }

  @Test
  void gatewayApiWarnsForConditionsThatMustStayAndIsQuietForThoseThatGoWhenFalse() {
    String programmed = listenerCondition("Programmed", "True");
    String overlapping = listenerCondition("OverlappingTLSConfig", "True");
    String conflicted = listenerCondition("Conflicted", "True");
    assertEquals(List.of(), RuleRun.of(RULE).profile("gateway-api").updateLines(gateway(programmed + overlapping), gateway(programmed)));
    // Conflicted documents a False state (NoConflicts), so it is set False, not removed.
    assertEquals(
        List.of("8:5 warning " + RULE + " /status/listeners/0/conditions"),
        RuleRun.of(RULE).profile("gateway-api").updateLines(gateway(programmed + conflicted), gateway(programmed)));
  }
}
