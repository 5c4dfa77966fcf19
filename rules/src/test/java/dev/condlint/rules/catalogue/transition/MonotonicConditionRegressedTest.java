package dev.condlint.rules.catalogue.transition;

import static dev.condlint.rules.catalogue.transition.UpdateFixtures.database;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.config.Config;
import dev.condlint.rules.testing.Configs;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MonotonicConditionRegressedTest {
  private static final String RULE = "monotonic-condition-regressed";
  private static final Config SUCCEEDED_TRUE = Configs.withMonotonicTypes(Config.DEFAULT, Map.of("Succeeded", "True"));

  private static String succeeded(String status) {
    return database(
        """
          - type: Succeeded
            status: "%s"
            reason: Whatever
            message: ""
            lastTransitionTime: "2024-05-01T12:00:00Z"
        """.formatted(status));
  }

  @Test
  void reachingTheTerminalStatusIsFine() {
    assertEquals(List.of(), RuleRun.of(RULE).config(SUCCEEDED_TRUE).updateLines(succeeded("Unknown"), succeeded("True")));
    assertEquals(List.of(), RuleRun.of(RULE).config(SUCCEEDED_TRUE).updateLines(succeeded("False"), succeeded("Unknown")));
  }
}
