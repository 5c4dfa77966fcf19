package dev.condlint.rules.catalogue.systems;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.RuleOptions;
import dev.condlint.rules.testing.Configs;
import dev.condlint.rules.testing.RuleExample;
import dev.condlint.rules.testing.RuleRun;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Landscaper timeout rules at their deadlines (the Landscaper's comparison is {@code >=}: a timeout
 * has run out at its end exactly), with the Landscaper's defaults, the item's spec.timeout and the
 * options that mirror {@code deployItemTimeouts}; and what the failure-consistency rule leaves alone.
 */
class LandscaperRulesTest {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final String JOB = "5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d";

  /**
   * A deploy item of job 5a6d0d6e... (the previous one, 0f1e2d3c..., finished), with these further lines
   * of metadata, spec and status, each indented as a field of its section.
   */
  private static String deployItem(String metadata, String spec, String status) {
    return """
        apiVersion: landscaper.gardener.cloud/v1alpha1
        kind: DeployItem
        metadata:
          name: web
          namespace: example
        %sspec:
          type: landscaper.gardener.cloud/helm
        %sstatus:
          jobID: 5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d
          jobIDFinished: 0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b
        %s""".formatted(metadata, spec, status);
  }

  /** A deploy item whose current job was generated at 23:50:00 and that no deployer has picked up. */
  private static final String WAITING = deployItem("", "", """
        jobIDGenerationTime: "2024-05-31T23:50:00Z"
        lastReconcileTime: "2024-05-31T20:00:00Z"
      """);

  /** A deploy item a deployer started at 23:00:00, with these spec lines (spec.timeout, or none). */
  private static String progressing(String spec) {
    return deployItem("", spec, """
          jobIDGenerationTime: "2024-05-31T22:59:58Z"
          lastReconcileTime: "2024-05-31T23:00:00Z"
          transitionTimes:
            initTime: "2024-05-31T23:00:00Z"
        """);
  }

  /** A deploy item asked to abort at 23:50:00 (as a Landscaper before v0.53 asked). */
  private static final String ABORTING = deployItem("""
        annotations:
          landscaper.gardener.cloud/operation: abort
          landscaper.gardener.cloud/abort-time: "2024-05-31T23:50:00Z"
      """, "", """
        jobIDGenerationTime: "2024-05-31T23:39:58Z"
        lastReconcileTime: "2024-05-31T23:40:00Z"
      """);

  private static List<String> lines(String ruleId, String now, Config config, String yaml) {
    return RuleRun.of(ruleId).config(config).now(Instant.parse(now)).lines(yaml);
  }

  /** The one finding's line when one is expected, else none. */
  private static List<String> expected(int findings, String line) {
    return findings == 0 ? List.of() : List.of(line);
  }

  private static Config option(String ruleId, String key, String value) {
    return Configs.withRuleOptions(Config.DEFAULT, ruleId, F.objectNode().put(key, value));
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:54:59Z, 0", "2024-05-31T23:55:00Z, 1", "2024-05-31T23:55:01Z, 1"})
  void thePickupTimeoutRunsOutAfterFiveMinutesExactly(String now, int findings) {
    assertEquals(
        expected(findings, "11:24 warning landscaper-pickup-timeout-unmarked /status/jobIDGenerationTime"),
        lines(LandscaperPickupTimeoutUnmarked.ID, now, Config.DEFAULT, WAITING));
  }

  @Test
  void thePickupMessageNamesTheJobItsAgeAndTheTimeout() {
    assertEquals(
        "Job \"" + JOB + "\" has waited for a deployer since status.jobIDGenerationTime 2024-05-31T23:50:00Z"
            + " (5m ago): the pickup timeout of 5m0s (deployItemTimeouts.pickup) has run out, yet the item is not"
            + " marked failed: the Landscaper fails an item that no deployer picks up in time, with phase Failed,"
            + " jobIDFinished set to jobID and lastError.reason PickupTimeout.",
        RuleRun.of(LandscaperPickupTimeoutUnmarked.ID).now(Instant.parse("2024-05-31T23:55:00Z"))
            .findings(WAITING).get(0).message());
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:50:29Z, 0", "2024-05-31T23:50:30Z, 1", "2024-05-31T23:50:31Z, 1"})
  void thePickupOptionSetsTheTimeoutAsDeployItemTimeoutsPickupDoes(String now, int findings) {
    Config config = option(LandscaperPickupTimeoutUnmarked.ID, "pickup", "30s");
    assertEquals(expected(findings, "11:24 warning landscaper-pickup-timeout-unmarked /status/jobIDGenerationTime"),
        lines(LandscaperPickupTimeoutUnmarked.ID, now, config, WAITING));
  }

  @Test
  void noPickupTimeoutRunsWhenItIsNoneOrZeroOrWithoutAGenerationTime() {
    String late = "2024-06-02T00:00:00Z";
    for (String off : List.of("none", "0s", "0")) {
      assertEquals(List.of(), lines(LandscaperPickupTimeoutUnmarked.ID, late,
          option(LandscaperPickupTimeoutUnmarked.ID, "pickup", off), WAITING), off);
    }
    String withoutTime = WAITING.replace("  jobIDGenerationTime: \"2024-05-31T23:50:00Z\"\n", "");
    assertEquals(List.of(), lines(LandscaperPickupTimeoutUnmarked.ID, late, Config.DEFAULT, withoutTime));
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:09:59Z, 0", "2024-05-31T23:10:00Z, 1", "2024-05-31T23:10:01Z, 1"})
  void theProgressingDefaultIsTenMinutesFromInitTime(String now, int findings) {
    assertEquals(
        expected(findings, "14:15 warning landscaper-progressing-timeout-unmarked /status/transitionTimes/initTime"),
        lines(LandscaperProgressingTimeoutUnmarked.ID, now, Config.DEFAULT, progressing("")));
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:29:59Z, 0", "2024-05-31T23:30:00Z, 1", "2024-05-31T23:30:01Z, 1"})
  void specTimeoutTakesPrecedenceOverTheDefault(String now, int findings) {
    Config shortDefault = option(LandscaperProgressingTimeoutUnmarked.ID, "progressingDefault", "1m");
    assertEquals(
        expected(findings, "15:15 warning landscaper-progressing-timeout-unmarked /status/transitionTimes/initTime"),
        lines(LandscaperProgressingTimeoutUnmarked.ID, now, shortDefault, progressing("  timeout: 30m\n")));
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:59:59Z, 0", "2024-06-01T00:00:00Z, 1", "2024-06-01T00:00:01Z, 1"})
  void theProgressingDefaultOptionMirrorsTheLandscapersKey(String now, int findings) {
    Config hour = option(LandscaperProgressingTimeoutUnmarked.ID, "progressingDefault", "1h");
    assertEquals(
        expected(findings, "14:15 warning landscaper-progressing-timeout-unmarked /status/transitionTimes/initTime"),
        lines(LandscaperProgressingTimeoutUnmarked.ID, now, hour, progressing("")));
  }

  @Test
  void olderLandscapersCountFromLastReconcileTime() {
    String withoutInitTime = progressing("").replace("  transitionTimes:\n    initTime: \"2024-05-31T23:00:00Z\"\n", "")
        .replace("lastReconcileTime: \"2024-05-31T23:00:00Z\"", "lastReconcileTime: \"2024-05-31T23:00:05Z\"");
    assertEquals(List.of(), lines(LandscaperProgressingTimeoutUnmarked.ID, "2024-05-31T23:10:04Z", Config.DEFAULT,
        withoutInitTime));
    assertEquals(List.of("12:22 warning landscaper-progressing-timeout-unmarked /status/lastReconcileTime"),
        lines(LandscaperProgressingTimeoutUnmarked.ID, "2024-05-31T23:10:05Z", Config.DEFAULT, withoutInitTime));
  }

  @Test
  void specTimeoutNoneOrZeroTurnsTheProgressingTimeoutOff() {
    for (String off : List.of("none", "0s")) {
      assertEquals(List.of(), lines(LandscaperProgressingTimeoutUnmarked.ID, "2024-06-02T00:00:00Z", Config.DEFAULT,
          progressing("  timeout: " + off + "\n")), off);
    }
  }

  @Test
  void aSpecTimeoutThatIsNotADurationIsReportedAndRunsNoTimeout() {
    assertEquals(
        List.of("8:12 warning landscaper-progressing-timeout-unmarked /spec/timeout spec.timeout is 600, not a"
            + " string. The Landscaper cannot decode this deploy item, so no deployer processes it."),
        RuleRun.of(LandscaperProgressingTimeoutUnmarked.ID).now(Instant.parse("2024-06-02T00:00:00Z"))
            .findings(progressing("  timeout: 600\n")).stream()
            .map(RuleExample::line).toList());
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:54:59Z, 0", "2024-05-31T23:55:00Z, 1", "2024-05-31T23:55:01Z, 1"})
  void theAbortTimeoutRunsOutFiveMinutesAfterTheAbortTime(String now, int findings) {
    assertEquals(
        expected(findings, "8:43 warning landscaper-abort-timeout-unmarked /metadata/annotations/landscaper.gardener.cloud~1abort-time"),
        lines(LandscaperAbortTimeoutUnmarked.ID, now, Config.DEFAULT, ABORTING));
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:50:59Z, 0", "2024-05-31T23:51:00Z, 1", "2024-05-31T23:51:01Z, 1"})
  void theAbortOptionMirrorsTheLandscapersKey(String now, int findings) {
    Config minute = option(LandscaperAbortTimeoutUnmarked.ID, "abort", "1m");
    assertEquals(expected(findings, "8:43 warning landscaper-abort-timeout-unmarked"
            + " /metadata/annotations/landscaper.gardener.cloud~1abort-time"),
        lines(LandscaperAbortTimeoutUnmarked.ID, now, minute, ABORTING));
  }

  @Test
  void aProgressingTimeoutOnAJobNoDeployerPickedUpHasTheWrongReason() {
    String wrong = WAITING.replace("jobIDFinished: 0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b", "jobIDFinished: " + JOB)
        + "  phase: Failed\n  lastError:\n    reason: ProgressingTimeout\n    lastUpdateTime: \"2024-05-31T23:55:05Z\"\n";
    assertEquals(
        List.of("15:13 warning landscaper-timeout-failure-inconsistent /status/lastError/reason lastError.reason is"
            + " ProgressingTimeout, but no deployer picked up job \"" + JOB + "\" (status.lastReconcileTime"
            + " 2024-05-31T20:00:00Z is before status.jobIDGenerationTime 2024-05-31T23:50:00Z): only the pickup"
            + " timeout applies to a job no deployer has picked up, with reason PickupTimeout."),
        RuleRun.of(LandscaperTimeoutFailureInconsistent.ID).findings(wrong).stream()
            .map(RuleExample::line).toList());
  }

  @Test
  void eachTimeoutRuleTakesTheLandscapersKeyAndNoOther() {
    LandscaperPickupTimeoutUnmarked pickup = new LandscaperPickupTimeoutUnmarked();
    assertEquals(Map.of(), overrides(pickup, MissingNode.getInstance()));
    assertEquals(Map.of("pickup", Optional.of(Duration.ofSeconds(30))), overrides(pickup, F.objectNode().put("pickup", "30s")));
    assertEquals(Map.of("pickup", Optional.empty()), overrides(pickup, F.objectNode().put("pickup", "none")));
    // The loader refuses any other key, since each rule declares only its own (ConfigLoaderTest).
    assertEquals(List.of("pickup"), keys(pickup));
    assertEquals(List.of("progressingDefault"), keys(new LandscaperProgressingTimeoutUnmarked()));
    assertEquals(List.of("abort"), keys(new LandscaperAbortTimeoutUnmarked()));
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> lines(
        LandscaperAbortTimeoutUnmarked.ID, "2024-06-01T00:00:00Z", option(LandscaperAbortTimeoutUnmarked.ID, "abort",
            "five minutes"), ABORTING));
    assertEquals("rules.landscaper-abort-timeout-unmarked.options.abort: invalid duration 'five minutes': expected Go"
        + " duration syntax such as 90s, 10m or 1h30m, or none", bad.getMessage());
  }

  /** The timeouts a rule overrides with these options. */
  private static <O extends Record & UnmarkedTimeoutRule.Timeout> Map<String, Optional<Duration>> overrides(
      UnmarkedTimeoutRule<O> rule, JsonNode options) {
    return rule.overrides(RuleOptions.read(rule, options));
  }

  private static List<String> keys(UnmarkedTimeoutRule<?> rule) {
    return RuleOptions.describe(rule.optionsType()).stream().map(RuleOptions.Option::key).toList();
  }
}
