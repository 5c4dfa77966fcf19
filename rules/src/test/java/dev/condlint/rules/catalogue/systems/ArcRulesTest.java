package dev.condlint.rules.catalogue.systems;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleExample;
import dev.condlint.rules.testing.RuleRun;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ARC rules at their limits: the backoff between consecutive failures at exactly its length and a
 * second either side, for each of ARC's steps; five failures and six; and what they leave alone.
 */
class ArcRulesTest {

  /** An EphemeralRunner with these {@code status.failures} entries (pod UID to value) and status lines. */
  private static String runner(String failures, String more) {
    return """
        apiVersion: actions.github.com/v1alpha1
        kind: EphemeralRunner
        metadata:
          name: arc-runner-set-7c8mj-runner-2xk9p
          namespace: arc-runners
        spec:
          githubConfigUrl: https://github.com/octo-org
          githubConfigSecret: arc-runner-set-gha-rs-github-secret
          runnerScaleSetId: 1
        status:
        %s  failures:
        %s""".formatted(more, failures);
  }

  /** Failures at these second offsets after 23:55:00, pods p1, p2, ... */
  private static String failuresAt(int... seconds) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < seconds.length; i++) {
      out.append("    p").append(i + 1).append(": \"")
          .append(Instant.parse("2024-05-31T23:55:00Z").plusSeconds(seconds[i])).append("\"\n");
    }
    return out.toString();
  }

  @ParameterizedTest
  @CsvSource({
    // after failure n ARC waits 5s, 10s, 20s, 40s, 80s: the gap to the next one a second short, exact, a second over
    "1, 4, 1", "1, 5, 0", "1, 6, 0",
    "2, 9, 1", "2, 10, 0", "2, 11, 0",
    "3, 19, 1", "3, 20, 0", "3, 21, 0",
    "4, 39, 1", "4, 40, 0", "4, 41, 0",
    "5, 79, 1", "5, 80, 0", "5, 81, 0"})
  void consecutiveFailuresAreAtLeastTheBackoffApart(int failure, int gap, int findings) {
    int[] backoff = {5, 10, 20, 40, 80};
    int[] at = new int[failure + 1];
    for (int i = 1; i <= failure; i++) {
      at[i] = at[i - 1] + (i == failure ? gap : backoff[i - 1]);
    }
    List<String> expected = findings == 0 ? List.of()
        : List.of((12 + failure) + ":9 warning arc-failure-backoff-violated /status/failures/p" + (failure + 1));
    assertEquals(expected, RuleRun.of(ArcFailureBackoffViolated.ID).lines(runner(failuresAt(at), "")));
  }

  @Test
  void theBackoffMessageNamesBothFailuresAndTheWait() {
    assertEquals(
        List.of("14:9 warning arc-failure-backoff-violated /status/failures/p3 Pod p3 failed at 2024-05-31T23:55:14Z,"
            + " 9s after failure 2 (pod p2, at 2024-05-31T23:55:05Z); after failure 2 ARC waits 10s before it"
            + " creates the next pod, so one ARC controller cannot have recorded both."),
        RuleRun.of(ArcFailureBackoffViolated.ID).findings(runner(failuresAt(0, 5, 14), "")).stream()
            .map(RuleExample::line).toList());
  }

  @Test
  void fiveFailuresAreWithinTheLimitAndSixAreNot() {
    assertEquals(List.of(), RuleRun.of(ArcFailuresOverLimit.ID).lines(runner(failuresAt(0, 5, 15, 35, 75), "")));
    assertEquals(List.of("11:3 warning arc-failures-over-limit /status/failures"),
        RuleRun.of(ArcFailuresOverLimit.ID).lines(runner(failuresAt(0, 5, 15, 35, 75, 155), "")));
  }

  @Test
  void aFailedRunnerWithoutAReasonIsStillLeftInPlace() {
    assertEquals(
        List.of("11:10 warning arc-failed-runner-left /status/phase The runner is Failed: ARC gave up on it. Nothing"
            + " deletes a Failed runner, and its EphemeralRunnerSet counts it among its runners, so the set has one"
            + " runner fewer than it believes until this one is deleted."),
        RuleRun.of(ArcFailedRunnerLeft.ID).findings(runner("    p1: \"2024-05-31T23:55:00Z\"\n", "  phase: Failed\n"))
            .stream().map(RuleExample::line).toList());
  }
}
