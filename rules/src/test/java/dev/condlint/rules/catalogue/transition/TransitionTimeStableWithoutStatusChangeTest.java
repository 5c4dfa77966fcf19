package dev.condlint.rules.catalogue.transition;

import static dev.condlint.rules.catalogue.transition.UpdateFixtures.database;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TransitionTimeStableWithoutStatusChangeTest {
  private static final String RULE = "transition-time-stable-without-status-change";
  private static final String AT = "11:25 warning " + RULE + " /status/conditions/0/lastTransitionTime";

  private static final String OLD =
      database(
          """
            - type: Ready
              status: "False"
              reason: Progressing
              message: Waiting for replicas
              lastTransitionTime: "2024-05-01T12:00:00Z"
              severity: Info
          """);

  /** The old condition with one line replaced and lastTransitionTime moved forward a day. */
  private static String restamped(String oldLine, String newLine) {
    return OLD.replace(oldLine, newLine).replace("2024-05-01T12:00:00Z", "2024-05-02T12:00:00Z");
  }

  private static final String ONLY_TIME = restamped("", "");
  private static final String REASON = restamped("reason: Progressing", "reason: ScalingUp");
  private static final String MESSAGE = restamped("Waiting for replicas", "Waiting for 2 replicas");
  private static final String SEVERITY = restamped("severity: Info", "severity: Warning");

  @ParameterizedTest
  @ValueSource(strings = {"k8s", "kstatus", "capi-v1beta2", "gateway-api", "cert-manager"})
  void statusOnlyProfilesReportARestampEvenWithANewReason(String profile) {
    assertEquals(List.of(AT), RuleRun.of(RULE).profile(profile).updateLines(OLD, REASON));
    assertEquals(List.of(AT), RuleRun.of(RULE).profile(profile).updateLines(OLD, ONLY_TIME));
  }

  @Test
  void fluxAllowsARestampWithANewReasonOrMessage() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").updateLines(OLD, REASON));
    assertEquals(List.of(), RuleRun.of(RULE).profile("flux").updateLines(OLD, MESSAGE));
    assertEquals(List.of(AT), RuleRun.of(RULE).profile("flux").updateLines(OLD, SEVERITY));
    assertEquals(List.of(AT), RuleRun.of(RULE).profile("flux").updateLines(OLD, ONLY_TIME));
  }

  @Test
  void capiV1beta1AlsoAllowsARestampWithANewSeverity() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("capi-v1beta1").updateLines(OLD, SEVERITY));
    assertEquals(List.of(), RuleRun.of(RULE).profile("capi-v1beta1").updateLines(OLD, REASON));
    assertEquals(List.of(AT), RuleRun.of(RULE).profile("capi-v1beta1").updateLines(OLD, ONLY_TIME));
  }

  @Test
  void knativeReportsOnlyARestampThatChangedNothingElse() {
    String newField = ONLY_TIME + "    observedGeneration: 4\n";
    assertEquals(List.of(), RuleRun.of(RULE).profile("knative").updateLines(OLD, newField));
    assertEquals(List.of(), RuleRun.of(RULE).profile("knative").updateLines(OLD, SEVERITY));
    assertEquals(List.of(AT), RuleRun.of(RULE).profile("knative").updateLines(OLD, ONLY_TIME));
  }

  @Test
  void theMessageNamesWhatMayRestampUnderTheProfile() {
    Finding flux = RuleRun.only(RuleRun.of(RULE).profile("flux").update(OLD, ONLY_TIME));
    assertEquals(
        "Condition 'Ready' kept status \"False\" but lastTransitionTime moved from \"2024-05-01T12:00:00Z\" to"
            + " \"2024-05-02T12:00:00Z\"; only a change of status, reason or message may re-stamp it, so this"
            + " reports a transition that did not happen.",
        flux.message());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | the new lastTransitionTime of the unchanged condition
      leaves a time that moved backwards to D03 | 2024-04-01T12:00:00Z
      compares times as instants, not as text | 2024-05-01T12:00:00.000Z
      skips a time that is not RFC 3339, since A13 reports it | 2024-05-02 12:00:00
      """)
  void acceptsInTheK8sProfile(String example, String newTime) {
    String restamped = OLD.replace("2024-05-01T12:00:00Z", newTime);
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").updateLines(OLD, restamped));
  }
}
