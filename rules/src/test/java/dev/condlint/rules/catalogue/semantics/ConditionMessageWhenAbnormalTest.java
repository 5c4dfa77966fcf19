package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.database;
import static dev.condlint.rules.testing.ObjectFixtures.withConditions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConditionMessageWhenAbnormalTest {
  private static final String RULE = "condition-message-when-abnormal";
  private final RuleRun run = RuleRun.of(RULE);

  private static final String STALLED_WITHOUT_MESSAGE = database("""
      - type: Stalled
        status: "True"
        reason: InsufficientQuota
        message: ""
      """);

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
  void aTypeOrReasonThatNamesWorkUnderWayMakesTheFindingInfo() {
    // Ready False with reason Creating, Stalled True with reason QuotaPending, Reconciling True, Cluster
    // API's WaitingFor... and Crossplane's UnpackingPackage reasons: each abnormal, each named for work
    // under way or a wait; ProvisioningFailed starts with such a word but names a failure.
    String yaml = database("""
        - {type: Ready, status: "False", reason: Creating, message: ""}
        - {type: Stalled, status: "True", reason: QuotaPending, message: ""}
        - {type: Reconciling, status: "True", reason: Scaling, message: ""}
        - {type: ControlPlaneReady, status: "False", reason: WaitingForControlPlane, message: ""}
        - {type: Healthy, status: "False", reason: UnpackingPackage, message: ""}
        - {type: Available, status: "False", reason: ProvisioningFailed, message: ""}
        - {type: Degraded, status: "True", reason: ReplicaLost, message: ""}
        """);
    String underWay = " with an empty message; its type or reason names work under way or a wait, and a message"
        + " would tell users what it waits for.";
    assertEquals(
        List.of(
            "6:63 info " + RULE + " /status/conditions/0/message Condition 'Ready' is False (reason Creating)" + underWay,
            "7:68 info " + RULE + " /status/conditions/1/message Condition 'Stalled' is True (reason QuotaPending)"
                + underWay,
            "8:67 info " + RULE + " /status/conditions/2/message Condition 'Reconciling' is True (reason Scaling)"
                + underWay,
            "9:89 info " + RULE + " /status/conditions/3/message Condition 'ControlPlaneReady' is False (reason"
                + " WaitingForControlPlane)" + underWay,
            "10:73 info " + RULE + " /status/conditions/4/message Condition 'Healthy' is False (reason"
                + " UnpackingPackage)" + underWay,
            "11:77 warning " + RULE + " /status/conditions/5/message Condition 'Available' is False (reason"
                + " ProvisioningFailed) with an empty message; users read the message in kubectl describe to learn"
                + " what is wrong.",
            "12:68 warning " + RULE + " /status/conditions/6/message Condition 'Degraded' is True (abnormal for this"
                + " type; reason ReplicaLost) with an empty message; users read the message in kubectl describe to"
                + " learn what is wrong."),
        run.linesWithMessages(yaml));
  }

  @Test
  void aReasonWrittenAsASentenceAlreadySaysWhatIsWrongInWords() {
    // crossplane-runtime v0.x wrote "Resource is being created" as the reason, with no message.
    String yaml = database("""
        - {type: Ready, status: "False", reason: "Resource is being created", message: ""}
        """);
    assertEquals(List.of("6:82 info " + RULE + " /status/conditions/0/message Condition 'Ready' is False (reason"
            + " Resource is being created) with an empty message; the reason says in words what the message"
            + " should, where tools expect a CamelCase category."),
        run.linesWithMessages(yaml));
  }

  @Test
  void aMissingMessageIsLeftToTheMessageRuleWhereTheProfileRequiresOne() {
    String yaml = withConditions("serving.knative.dev/v1", "Route", "hello", """
        - type: Ready
          status: "False"
          reason: RevisionMissing
        """);
    // Knative's message is optional (the catalogue knows a Route), so its absence is this rule's finding.
    assertEquals(List.of("6:5 warning condition-message-when-abnormal /status/conditions/0/message"), run.lines(yaml));
    // Where the condition type requires a message, its absence is condition-message-present's finding.
    String database = yaml.replace("serving.knative.dev/v1", "example.com/v1").replace("Route", "Database");
    assertEquals(List.of(), run.contract("metav1").lines(database));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "- {type: Ready, status: \"False\", reason: Failed, message: ~}", // a message that YAML turned into null
      "- {status: \"False\", reason: Failed, message: \"\"}"}) // a condition without a type
  void skipsMessagesThatYamlTurnedIntoNullAndConditionsWithoutAType(String condition) {
    assertEquals(List.of(), run.lines(database(condition + "\n")));
  }
}
