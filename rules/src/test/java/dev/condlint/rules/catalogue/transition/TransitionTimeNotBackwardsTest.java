package dev.condlint.rules.catalogue.transition;

import static dev.condlint.rules.catalogue.transition.UpdateFixtures.readyTrueSince;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TransitionTimeNotBackwardsTest {
  private static final String RULE = "transition-time-not-backwards";

  private static final String OLD = readyTrueSince("2024-05-01T12:00:00.5Z");

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | the new lastTransitionTime of Ready, stored as 2024-05-01T12:00:00.5Z | expected
      reports a time before the stored one even without a status change | 2024-05-01T12:00:00Z \
        | 11:25 warning transition-time-not-backwards /status/conditions/0/lastTransitionTime
      compares offsets and fractions as instants: the same instant | 2024-05-01T14:00:00.5+02:00 |
      compares offsets and fractions as instants: an earlier instant | 2024-05-01T13:59:59+02:00 \
        | 11:25 warning transition-time-not-backwards /status/conditions/0/lastTransitionTime
      accepts a later time | 2024-05-02T08:00:00Z |
      """)
  void comparesTheNewTimeWithTheStoredOne(String example, String newTime, String expected) {
    assertEquals(RuleRun.expectedLines(expected), RuleRun.of(RULE).profile("k8s").updateLines(OLD, readyTrueSince(newTime)));
  }
}
