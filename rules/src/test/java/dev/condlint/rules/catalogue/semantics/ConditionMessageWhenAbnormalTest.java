package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.config.Config;
import dev.condlint.rules.profile.Level;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
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
  void aTypeNamedForAProblemIsAbnormalWhenTrueByItsNameAlone() {
    List<Finding> findings = run.findings(YamlFixtures.document(STALLED_WITHOUT_MESSAGE));
    assertEquals(List.of("9:14 warning condition-message-when-abnormal /status/conditions/0/message"),
        run.lines(STALLED_WITHOUT_MESSAGE));
    assertEquals(ContractBasis.Source.INFERRED, findings.get(0).basis().orElseThrow().source());
  }

  @Test
  void aTypeWhosePolarityNothingGivesIsNotJudgedUnlessUnknown() {
    assertEquals(List.of(), run.lines(STALLED_WITHOUT_MESSAGE.replace("Stalled", "Replicated")));
    assertEquals(List.of(), run.lines(STALLED_WITHOUT_MESSAGE.replace("Stalled", "Replicated").replace("\"True\"", "\"False\"")));
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
    // Knative's message is optional (the catalogue knows a Route), so its absence is this rule's finding.
    assertEquals(List.of("6:5 warning condition-message-when-abnormal /status/conditions/0/message"), run.lines(yaml));
    // Where the condition type requires a message, its absence is condition-message-present's finding.
    String database = yaml.replace("serving.knative.dev/v1", "example.com/v1").replace("Route", "Database");
    assertEquals(List.of(), run.contract("metav1").lines(database));
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
