package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.database;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class AbnormalTrueConditionAbsentWhenFalseTest {
  private final RuleRun run = RuleRun.of("abnormal-true-condition-absent-when-false");

  private static final String STALLED_FALSE = database("""
      - {type: Ready, status: "True"}
      - {type: Stalled, status: "False"}
      - {type: Reconciling, status: "True"}
      """);

  @Test
  void offInK8sAndClusterApiWhichKeepConditionsAlwaysPresent() {
    assertEquals(List.of(), run.lines(STALLED_FALSE));
    assertEquals(List.of(), run.profile("capi-v1beta2").lines(STALLED_FALSE));
  }

  @Test
  void warnsInKstatusAndFluxAtTheCondition() {
    assertEquals(List.of("7:5 warning abnormal-true-condition-absent-when-false /status/conditions/1"), run.profile("kstatus").lines(STALLED_FALSE));
    assertEquals(List.of("7:5 warning abnormal-true-condition-absent-when-false /status/conditions/1"), run.profile("flux").lines(STALLED_FALSE));
  }
}
