package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionUnknownFieldTest {
  private static final String RULE = "condition-unknown-field";

  private static final String WITH_SEVERITY_AND_GENERATION =
      ShapeFixtures.DATABASE
          + """
              - type: Ready
                status: "False"
                severity: Warning
                observedGeneration: 3
                lastHeartbeatTime: "2024-05-01T12:00:00Z"
            """;

  @Test
  void eachConditionFamilyHasItsOwnFieldSet() {
    assertEquals(
        List.of("8:15 warning condition-unknown-field /status/conditions/0/severity",
            "10:24 warning condition-unknown-field /status/conditions/0/lastHeartbeatTime"),
        RuleRun.of(RULE).contract("metav1").lines(WITH_SEVERITY_AND_GENERATION));
    for (String profile : List.of("knative", "capi-v1beta1")) {
      assertEquals(
          List.of("9:25 warning condition-unknown-field /status/conditions/0/observedGeneration",
              "10:24 warning condition-unknown-field /status/conditions/0/lastHeartbeatTime"),
          RuleRun.of(RULE).profile(profile).lines(WITH_SEVERITY_AND_GENERATION), profile);
    }
    assertEquals(
        List.of("8:15 warning condition-unknown-field /status/conditions/0/severity",
            "10:24 warning condition-unknown-field /status/conditions/0/lastHeartbeatTime"),
        RuleRun.of(RULE).profile("cert-manager").lines(WITH_SEVERITY_AND_GENERATION));
  }

  @Test
  void theMessageNamesTheFieldSetAndWhereItComesFrom() {
    assertEquals(
        "Condition \"Ready\" has field \"severity\", which its condition type (lastTransitionTime, message,"
            + " observedGeneration, reason, status, type, per .condlint.yaml contracts[0]) does not have: its"
            + " controller does not write it, and a CRD schema that declares the condition type prunes it silently.",
        RuleRun.of(RULE).contract("metav1").findings(YamlFixtures.document(WITH_SEVERITY_AND_GENERATION)).get(0)
            .message());
  }

  @Test
  void withoutADeclaredConditionTypeOnlyAFieldEveryTypeSpellsOtherwiseIsReported() {
    assertEquals(List.of(), RuleRun.of(RULE).lines(WITH_SEVERITY_AND_GENERATION));
    String misspelt = ShapeFixtures.DATABASE + "  - type: Ready\n    status: \"True\"\n"
        + "    lastHeartBeatTime: \"2024-05-01T12:00:00Z\"\n";
    assertEquals(List.of("8:24 warning condition-unknown-field /status/conditions/0/lastHeartBeatTime"),
        RuleRun.of(RULE).lines(misspelt));
    assertEquals(
        "Condition \"Ready\" has field \"lastHeartBeatTime\", which no known condition type has; they spell it"
            + " \"lastHeartbeatTime\", so a schema that declares lastHeartbeatTime drops this one.",
        RuleRun.of(RULE).findings(YamlFixtures.document(misspelt)).get(0).message());
  }
}
