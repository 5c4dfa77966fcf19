package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.database;
import static dev.condlint.rules.testing.ObjectFixtures.withConditions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.profile.ProfileNames;
import dev.condlint.rules.testing.Configs;
import dev.condlint.rules.testing.RuleRun;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reference time is {@link RuleRun#NOW}, 2024-06-01T00:00:00Z; the default skew is 5 minutes. */
class ConditionLastTransitionTimeNotFutureTest {
  private final RuleRun run = RuleRun.of("condition-last-transition-time-not-future");

  private static final String TIMES = database("""
      - type: Ready
        status: "True"
        lastTransitionTime: "2024-06-01T00:04:59Z"
      - type: BackedUp
        status: "True"
        lastTransitionTime: "2024-06-01T00:35:00+00:00"
      - type: Accepted
        status: Unknown
        lastTransitionTime: "1970-01-01T00:00:00Z"
      - type: Replicated
        status: "True"
        lastTransitionTime: "next week"
      """);

  @Test
  void reportsOnlyTimesBeyondTheClockSkew() {
    assertEquals(List.of("11:25 warning condition-last-transition-time-not-future /status/conditions/1/lastTransitionTime"), run.lines(TIMES));
  }

  @Test
  void theClockSkewIsConfigurable() {
    assertEquals(List.of(), run.config(Configs.settings(ProfileNames.K8S, Configs.clockSkew(Duration.ofHours(1)))).lines(TIMES));
  }

  @Test
  void withoutAReferenceTimeNothingIsReported() {
    assertEquals(List.of(), run.withoutNow().lines(TIMES));
  }

  @Test
  void appliesToBuiltInKinds() {
    assertEquals(
        List.of("8:25 warning condition-last-transition-time-not-future /status/conditions/0/lastTransitionTime"),
        run.lines(withConditions("v1", "Pod", "web-0", """
            - type: Ready
              status: "True"
              lastTransitionTime: "2099-01-01T00:00:00Z"
            """)));
  }
}
