package dev.condlint.rules.catalogue.shape;

import static dev.condlint.rules.testing.ObjectFixtures.withConditions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A05 condition-status-value and A06 condition-field-yaml-type, which share the unquoted {@code True}. */
class ConditionStatusAndYamlTypeTest {
  private static final String STATUS = "condition-status-value";
  private static final String YAML_TYPE = "condition-field-yaml-type";

  private static String withStatus(String statusLine) {
    return ShapeFixtures.DATABASE + "  - type: Ready\n" + (statusLine.isEmpty() ? "" : "    " + statusLine + "\n")
        + "    reason: Reconciled\n";
  }

  @Test
  void statusesOutsideTheEnumAreErrorsWhereTheConditionTypeIsDeclared() {
    // knative, capi-v1beta1 and cert-manager vouch for their families when chosen; metav1 by contract.
    for (String profile : List.of("knative", "capi-v1beta1", "cert-manager")) {
      assertEquals(List.of("7:13 error condition-status-value /status/conditions/0/status"),
          RuleRun.of(STATUS).profile(profile).lines(withStatus("status: \"Yes\"")), profile);
    }
    RuleRun metav1 = RuleRun.of(STATUS).contract("metav1");
    assertEquals(List.of("7:13 error condition-status-value /status/conditions/0/status"),
        metav1.lines(withStatus("status: \"\"")));
    assertEquals(List.of("6:5 error condition-status-value /status/conditions/0/status"), metav1.lines(withStatus("")));
    assertEquals(List.of(), metav1.lines(withStatus("status: Unknown")));
  }

  @Test
  void aKindNobodyDeclaredGetsAWarningThatSaysItIsTheConvention() {
    RuleRun k8s = RuleRun.of(STATUS).profile("k8s");
    assertEquals(List.of("7:13 warning condition-status-value /status/conditions/0/status"),
        k8s.lines(withStatus("status: Online")));
    assertEquals(List.of("6:5 warning condition-status-value /status/conditions/0/status"), k8s.lines(withStatus("")));
    assertEquals("Condition \"Ready\" has status \"Online\"; Kubernetes' condition types take only \"True\","
            + " \"False\" or \"Unknown\", and tools such as kstatus and kubectl wait read only these.",
        k8s.findings(YamlFixtures.document(withStatus("status: Online"))).get(0).message());
  }

  @Test
  void aStatusTheDeclaredConditionTypeAddsIsItsApi() {
    String prometheus = withConditions("monitoring.coreos.com/v1", "Prometheus", "k8s", """
        - {type: Available, status: Degraded, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Reconciled, status: Partly, lastTransitionTime: "2024-05-01T12:00:00Z"}
        """);
    assertEquals(List.of("7:32 error condition-status-value /status/conditions/1/status"),
        RuleRun.of(STATUS).lines(prometheus));
    assertEquals(List.of("7:13 error condition-status-value /status/conditions/0/status"),
        RuleRun.of(STATUS).contract("metav1").lines(withStatus("status: Degraded")), "only for the type that adds it");
  }

  /** Volcano's batch/v1alpha1 JobCondition: a phase history (status is a phase), no condition type. */
  private static final String PHASE_HISTORY = ShapeFixtures.DATABASE
      + "  - {status: Pending, lastTransitionTime: \"2024-05-01T12:00:00Z\"}\n"
      + "  - {status: Running, lastTransitionTime: \"2024-05-01T12:01:00Z\"}\n";

  @Test
  void aListWithoutTypesThatNothingDeclaresIsNotJudgedAsConditions() {
    assertEquals(List.of(), RuleRun.of(STATUS, "condition-type-required").lines(PHASE_HISTORY));
    assertEquals(List.of("6:5 error condition-type-required /status/conditions/0/type",
            "6:14 error condition-status-value /status/conditions/0/status",
            "7:5 error condition-type-required /status/conditions/1/type",
            "7:14 error condition-status-value /status/conditions/1/status"),
        RuleRun.of(STATUS, "condition-type-required").contract("metav1").lines(PHASE_HISTORY));
  }

  @Test
  void theWrongCaseIsReportedWithTheRightSpellingAsTheHint() {
    List<Finding> findings =
        RuleRun.of(STATUS).contract("metav1").findings(YamlFixtures.document(withStatus("status: \"true\"")));
    assertEquals("Condition \"Ready\" has status \"true\"; the status must be \"True\", \"False\" or \"Unknown\".",
        findings.get(0).message());
    assertEquals("Write `status: \"True\"` (case matters).", findings.get(0).hint());
  }

  @Test
  void anUnquotedTrueIsOneFindingOfA06() {
    String yaml = withStatus("status: True");
    assertEquals(List.of(), RuleRun.of(STATUS).profile("k8s").lines(yaml));
    List<Finding> findings = RuleRun.of(YAML_TYPE).profile("k8s").findings(YamlFixtures.document(yaml));
    assertEquals(List.of("7:13 error condition-field-yaml-type /status/conditions/0/status"),
        RuleRun.of(YAML_TYPE).profile("k8s").lines(yaml));
    assertEquals("`status: True` is unquoted, so kubectl reads it as the boolean true, not a string; the API server"
        + " rejects a status that is not a string.", findings.get(0).message());
    assertEquals("Quote it: `status: \"True\"`.", findings.get(0).hint());
  }

  /** The hint is a valid status, not the lower-case "true" that condition-status-value refuses (issue 25, item 5). */
  @Test
  void anUnquotedLowerCaseTrueIsFixedAsTrueCapitalised() {
    String yaml = withStatus("status: true");
    List<Finding> findings = RuleRun.of(YAML_TYPE).profile("k8s").findings(YamlFixtures.document(yaml));
    assertEquals("Quote it: `status: \"True\"`.", findings.get(0).hint());
    assertEquals(List.of(), RuleRun.of(STATUS).profile("k8s").lines(withStatus("status: \"True\"")));
  }

  @Test
  void a06CoversNullsNumbersAndYes11BooleansInTypeReasonAndMessage() {
    String yaml =
        ShapeFixtures.DATABASE
            + """
                - type: yes
                  status: "False"
                  reason: ~
                  message: 1_000
                  lastTransitionTime: "2024-05-01T12:00:00Z"
                  observedGeneration: 3
                - type: Synced
                  status: off
                  reason:
                  message: "1.0"
              """;
    assertEquals(
        List.of("6:11 error condition-field-yaml-type /status/conditions/0/type",
            "8:13 error condition-field-yaml-type /status/conditions/0/reason",
            "9:14 error condition-field-yaml-type /status/conditions/0/message",
            "13:13 error condition-field-yaml-type /status/conditions/1/status",
            "14:12 error condition-field-yaml-type /status/conditions/1/reason"),
        RuleRun.of(YAML_TYPE).profile("k8s").lines(yaml));
    List<String> messages = RuleRun.of(YAML_TYPE).profile("k8s").findings(YamlFixtures.document(yaml)).stream()
        .map(Finding::message).toList();
    assertEquals("`message: 1_000` is unquoted, so kubectl reads it as the number 1000, not a string; the API"
        + " server rejects a message that is not a string.", messages.get(2));
    assertEquals("`reason:` has no value, so kubectl reads it as null, not a string; the API server rejects a"
        + " reason that is not a string.", messages.get(4));
    assertEquals("Quote it: `reason: \"\"`.",
        RuleRun.of(YAML_TYPE).profile("k8s").findings(YamlFixtures.document(yaml)).get(4).hint());
    // A status hint is a valid status (issue 25, item 5): `off` is false, so "False", not "off".
    assertEquals("Quote it: `status: \"False\"`.",
        RuleRun.of(YAML_TYPE).profile("k8s").findings(YamlFixtures.document(yaml)).get(3).hint());
    // The other rules stay quiet about the same values: one mistake, one finding.
    for (String rule : List.of("condition-type-required", "condition-status-value", "condition-reason-required",
        "condition-reason-format", "condition-message-present")) {
      assertEquals(List.of(), RuleRun.of(rule).profile("k8s").lines(yaml), rule);
    }
  }

  @Test
  void withoutSourceA06IsSilentAndA05ReportsTheJsonBoolean() {
    Document json =
        ShapeFixtures.json("[{\"type\":\"Ready\",\"status\":true}]");
    assertEquals(List.of(), RuleRun.of(YAML_TYPE).profile("k8s").lines(json));
    assertEquals(List.of("- error condition-status-value /status/conditions/0/status"),
        RuleRun.of(STATUS).contract("metav1").lines(json));
    assertEquals("Condition \"Ready\" has a status that is the boolean true, not a string; the status must be"
        + " \"True\", \"False\" or \"Unknown\".", RuleRun.of(STATUS).contract("metav1").findings(json).get(0).message());
  }
}
