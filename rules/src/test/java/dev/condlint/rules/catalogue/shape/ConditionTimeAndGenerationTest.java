package dev.condlint.rules.catalogue.shape;

import static dev.condlint.rules.testing.ObjectFixtures.withConditions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A12 condition-last-transition-time-required, A13 condition-last-transition-time-format and A14
 * condition-observed-generation-valid.
 */
class ConditionTimeAndGenerationTest {
  private static final String TIME_REQUIRED = "condition-last-transition-time-required";
  private static final String TIME_FORMAT = "condition-last-transition-time-format";
  private static final String GENERATION = "condition-observed-generation-valid";

  private static String withLine(String line) {
    return ShapeFixtures.DATABASE + "  - type: Ready\n    status: \"True\"\n"
        + (line.isEmpty() ? "" : "    " + line + "\n");
  }

  /** A condition with everything metav1 requires but lastTransitionTime, which {@code line} may add. */
  private static String withoutTime(String line) {
    return withLine(line) + "    reason: Serving\n    message: \"\"\n";
  }

  @Test
  void aMissingOrNullLastTransitionTimeIsAnErrorWhereMetav1RequiresIt() {
    assertEquals(List.of("6:5 error condition-last-transition-time-required /status/conditions/0/lastTransitionTime"),
        RuleRun.of(TIME_REQUIRED).contract("metav1").lines(withoutTime("")));
    assertEquals(List.of(), RuleRun.of(TIME_REQUIRED).lines(withoutTime("")), "nobody declared the condition type");
    assertEquals(List.of("8:25 error condition-last-transition-time-required /status/conditions/0/lastTransitionTime"),
        RuleRun.of(TIME_REQUIRED).profile("capi-v1beta1").lines(withoutTime("lastTransitionTime: ~")));
    for (String profile : List.of("knative", "cert-manager")) {
      assertEquals(List.of(), RuleRun.of(TIME_REQUIRED).profile(profile).lines(withLine("")), profile);
    }
    String pod = withConditions("v1", "Pod", "p", """
        - {type: Ready, status: "True"}
        """);
    assertEquals(List.of(), RuleRun.of(TIME_REQUIRED).profile("k8s").lines(pod));
  }

  @Test
  void acceptsRfc3339AsMetav1TimeDecodesIt() {
    for (String ok : List.of("\"2024-05-01T12:00:00Z\"", "\"2024-05-01T12:00:00.123456789+02:00\"",
        "2024-05-01T12:00:00-07:30")) {
      assertEquals(List.of(), RuleRun.of(TIME_FORMAT).profile("k8s").lines(withLine("lastTransitionTime: " + ok)), ok);
    }
    assertEquals(List.of(), RuleRun.of(TIME_FORMAT).profile("k8s").lines(withLine("lastTransitionTime: ~")));
  }

  @Test
  void rejectsOtherTimeShapesInEveryProfile() {
    for (String bad : List.of("\"2024-05-01 12:00:00\"", "\"2024-05-01T12:00Z\"", "\"2024-05-01t12:00:00z\"",
        "\"2024-13-01T12:00:00Z\"", "\"2024-05-01T12:00:00\"", "\"\"", "1714564800")) {
      // knative vouches for its family (a metav1.Time inside); k8s declares no schema for this kind.
      for (String profileAndSeverity : List.of("knative error", "k8s warning")) {
        String[] p = profileAndSeverity.split(" ");
        assertEquals(
            List.of("8:25 " + p[1] + " condition-last-transition-time-format /status/conditions/0/lastTransitionTime"),
            RuleRun.of(TIME_FORMAT).profile(p[0]).lines(withLine("lastTransitionTime: " + bad)), bad + " " + p[0]);
      }
    }
    assertEquals(
        "Condition \"Ready\" has lastTransitionTime the number 1714564800, which is not an RFC 3339 date-time;"
            + " metav1.Time decodes nothing else.",
        RuleRun.of(TIME_FORMAT).profile("knative").findings(
            YamlFixtures.document(withLine("lastTransitionTime: 1714564800"))).get(0).message());
    assertEquals(
        "Condition \"Ready\" has lastTransitionTime the number 1714564800, which is not an RFC 3339 date-time;"
            + " Kubernetes' condition types (metav1.Time) take nothing else, and tools that read the time expect it.",
        RuleRun.of(TIME_FORMAT).profile("k8s").findings(
            YamlFixtures.document(withLine("lastTransitionTime: 1714564800"))).get(0).message());
  }

  @Test
  void observedGenerationMustBeANonNegativeInt64() {
    for (String bad : List.of("-1", "\"3\"", "3.5", "3.0", "yes", "9223372036854775808")) {
      assertEquals(List.of("8:25 error condition-observed-generation-valid /status/conditions/0/observedGeneration"),
          RuleRun.of(GENERATION).profile("k8s").lines(withLine("observedGeneration: " + bad)), bad);
    }
    for (String ok : List.of("0", "3", "9223372036854775807", "~")) {
      assertEquals(List.of(), RuleRun.of(GENERATION).profile("k8s").lines(withLine("observedGeneration: " + ok)), ok);
    }
    assertEquals(List.of(), RuleRun.of(GENERATION).profile("k8s").lines(withLine("")));
  }

  @Test
  void observedGenerationMessagesSayWhatTheValueIs() {
    assertEquals("Condition \"Ready\": observedGeneration is the string \"3\", not an integer.",
        RuleRun.of(GENERATION).profile("k8s").findings(YamlFixtures.document(withLine("observedGeneration: \"3\"")))
            .get(0).message());
    assertEquals("Condition \"Ready\": observedGeneration is -1; it must be at least 0.",
        RuleRun.of(GENERATION).profile("k8s").findings(YamlFixtures.document(withLine("observedGeneration: -1")))
            .get(0).message());
  }
}
