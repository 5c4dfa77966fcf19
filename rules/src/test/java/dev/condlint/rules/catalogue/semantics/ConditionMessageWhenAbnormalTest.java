package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.config.Config;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionMessageWhenAbnormalTest {
  private static final String RULE = "condition-message-when-abnormal";
  private final RuleRun run = RuleRun.of(RULE);

  private static final String STALLED_WITHOUT_MESSAGE =
      """
      apiVersion: example.com/v1
      kind: Database
      metadata: {name: orders}
      status:
        conditions:
        - type: Stalled
          status: "True"
          reason: InsufficientQuota
          message: ""
      """;

  private static final String UNKNOWN_WITHOUT_MESSAGE =
      """
      apiVersion: example.com/v1
      kind: Database
      metadata: {name: orders}
      status:
        conditions:
        - type: Ready
          status: Unknown
          reason: Provisioning
          message: "  "
      """;

  @Test
  void aNegativeTypeIsAbnormalWhenTrueInKstatus() {
    assertEquals(List.of("9:14 warning condition-message-when-abnormal /status/conditions/0/message"), run.profile("kstatus").lines(STALLED_WITHOUT_MESSAGE));
  }

  @Test
  void anUnclassifiedTypeIsNormalWhenTrue() {
    assertEquals(List.of(), run.lines(STALLED_WITHOUT_MESSAGE));
  }

  @Test
  void unknownWithABlankMessageIsCappedAtInfo() {
    assertEquals(List.of("9:14 info condition-message-when-abnormal /status/conditions/0/message"), run.lines(UNKNOWN_WITHOUT_MESSAGE));
  }

  @Test
  void anExplicitRuleLevelLiftsTheUnknownCap() {
    assertEquals(
        List.of("9:14 error condition-message-when-abnormal /status/conditions/0/message"),
        run.config(Config.DEFAULT.withRuleLevel(RULE, Level.ERROR)).lines(UNKNOWN_WITHOUT_MESSAGE));
  }

  @Test
  void aMissingMessageIsLeftToTheMessageRuleWhereTheProfileRequiresOne() {
    String yaml =
        """
        apiVersion: serving.knative.dev/v1
        kind: Route
        metadata: {name: hello}
        status:
          conditions:
          - type: Ready
            status: "False"
            reason: RevisionMissing
        """;
    assertEquals(List.of(), run.profile("k8s").lines(yaml));
    // Knative's message is optional, so its absence is this rule's finding, at the condition.
    assertEquals(List.of("6:5 warning condition-message-when-abnormal /status/conditions/0/message"), run.profile("knative").lines(yaml));
  }

  @Test
  void skipsMessagesThatYamlTurnedIntoNull() {
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: example.com/v1
            kind: Database
            metadata: {name: orders}
            status:
              conditions:
              - {type: Ready, status: "False", reason: Failed, message: ~}
            """));
  }

  @Test
  void skipsConditionsWithoutAType() {
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: example.com/v1
            kind: Database
            metadata: {name: orders}
            status:
              conditions:
              - {status: "False", reason: Failed, message: ""}
            """));
  }
}
