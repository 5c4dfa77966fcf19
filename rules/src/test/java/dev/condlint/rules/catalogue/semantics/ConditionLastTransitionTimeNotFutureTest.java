package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.profile.ProfileNames;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reference time is {@link Lint#NOW}, 2024-06-01T00:00:00Z; the default skew is 5 minutes. */
class ConditionLastTransitionTimeNotFutureTest {
  private final Lint lint = Lint.rule("condition-last-transition-time-not-future");

  private static final String TIMES =
      """
      apiVersion: example.com/v1
      kind: Database
      metadata: {name: orders}
      status:
        conditions:
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
      """;

  @Test
  void reportsOnlyTimesBeyondTheClockSkew() {
    assertEquals(List.of("11:25 warning /status/conditions/1/lastTransitionTime"), lint.on(TIMES));
  }

  @Test
  void theClockSkewIsConfigurable() {
    assertEquals(List.of(), lint.config(Lint.settings(ProfileNames.K8S, Lint.clockSkew(Duration.ofHours(1)))).on(TIMES));
  }

  @Test
  void withoutAReferenceTimeNothingIsReported() {
    assertEquals(List.of(), lint.withoutNow().on(TIMES));
  }

  @Test
  void appliesToBuiltInKinds() {
    assertEquals(
        List.of("8:25 warning /status/conditions/0/lastTransitionTime"),
        lint.on(
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: web-0}
            status:
              conditions:
              - type: Ready
                status: "True"
                lastTransitionTime: "2099-01-01T00:00:00Z"
            """));
  }
}
