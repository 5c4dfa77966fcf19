package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.database;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionTypeObservedStateTest {
  private final RuleRun run = RuleRun.of("condition-type-observed-state");

  private static final String TYPES = database("""
      - {type: Deploying, status: "True"}
      - {type: example.com/Upgrading, status: "False"}
      - {type: ScalingUp, status: "False"}
      - {type: Progressing, status: "True"}
      - {type: MissingSecret, status: "False"}
      - {type: Ring, status: "True"}
      - {type: Deployed, status: "True"}
      - {type: RollingUpdate, status: "False"}
      """);

  @Test
  void reportsAPresentTenseVerbAloneButNotAParticipleNamingAStateNorTheAllowListOrShortWords() {
    assertEquals(
        List.of("6:12 info condition-type-observed-state /status/conditions/0/type", "7:12 info condition-type-observed-state /status/conditions/1/type"),
        run.lines(TYPES));
    assertEquals(
        "Condition type 'Deploying' is a present-tense verb, which describes"
            + " a transition rather than an observed state; the API conventions prefer an adjective ('Ready')"
            + " or a past-tense verb ('Succeeded').",
        run.messages(TYPES).get(0));
  }
}
