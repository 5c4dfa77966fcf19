package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rules that demand or forbid fields on a kind nothing declares, as far as the evidence ladder of
 * docs/contracts.md holds the list to metav1.Condition: at warning, in words that say it was inferred.
 */
class InferredSchemaRulesTest {
  private static final RuleRun FIELD_RULES = RuleRun.of(
      "condition-reason-required", "condition-message-present", "condition-last-transition-time-required",
      "condition-unknown-field");

  private static final String READY = """
        - type: Ready
          status: "True"
          observedGeneration: 1
          reason: Done
          message: ok
          lastTransitionTime: "2024-05-01T12:00:00Z"
      """;

  @Test
  void observedGenerationHoldsTheListToMetav1ForAFieldItsOtherConditionsCarry() {
    String dropped = ShapeFixtures.DATABASE + READY + """
        - type: Synced
          status: "True"
          observedGeneration: 1
          message: synced
          lastTransitionTime: "2024-05-01T12:00:00Z"
      """;
    assertEquals(List.of("12:5 warning condition-reason-required /status/conditions/1/reason"), FIELD_RULES.lines(dropped));
    assertEquals(List.of("Condition \"Synced\" has no reason; if its condition type is the metav1 its fields suggest,"
        + " it requires one (inferred from the fields its conditions carry (observedGeneration, as"
        + " k8s.io/apimachinery/pkg/apis/meta/v1.Condition has); the list's other conditions carry it), so that users"
        + " and tools can tell why the condition is as it is."), FIELD_RULES.messages(dropped));
  }

  @Test
  void aFieldNoOtherConditionCarriesIsNotAskedFor() {
    // kro's conditions: lastTransitionTime optional, so none of them carries it.
    String noTimes = ShapeFixtures.DATABASE + """
        - {type: Ready, status: "True", observedGeneration: 1, reason: Done, message: ok}
        - {type: Synced, status: "True", observedGeneration: 1, reason: Done, message: ok}
      """;
    assertEquals(List.of(), FIELD_RULES.lines(noTimes));
    String alone = ShapeFixtures.DATABASE + "  - {type: Ready, status: \"True\", observedGeneration: 1}\n";
    assertEquals(List.of(), FIELD_RULES.lines(alone));
  }

  @Test
  void aFieldMetav1LacksBesideObservedGenerationIsAWarning() {
    String extra = ShapeFixtures.DATABASE + READY + "    lastSyncTime: \"2024-05-01T12:00:00Z\"\n";
    assertEquals(List.of("12:19 warning condition-unknown-field /status/conditions/0/lastSyncTime"),
        FIELD_RULES.lines(extra));
  }

  @Test
  void metav1sFiveFieldsOnOneConditionJudgeTheValuesPresentButAskForNoAbsentFieldWithOneOtherCondition() {
    String five = """
        - {type: Ready, status: "False", reason: Failed, message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
      """;
    String emptyReason = ShapeFixtures.DATABASE + five
        + "  - {type: Synced, status: \"True\", reason: \"\", message: ok, lastTransitionTime: \"2024-05-01T12:00:00Z\"}\n";
    assertEquals(List.of("7:44 warning condition-reason-required /status/conditions/1/reason"),
        FIELD_RULES.lines(emptyReason));
    // Crossplane's and the external-dns operator's look-alike types make reason and message optional.
    String absent = ShapeFixtures.DATABASE + five
        + "  - {type: Synced, status: \"True\", lastTransitionTime: \"2024-05-01T12:00:00Z\"}\n";
    assertEquals(List.of(), FIELD_RULES.lines(absent));
  }

  @Test
  void metav1sFiveFieldsAskForAnAbsentReasonOrTimeWhereAtLeastTwoOtherConditionsCarryIt() {
    String two = """
        - {type: Ready, status: "False", reason: Failed, message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Synced, status: "False", reason: Failed, message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
      """;
    String dropped = ShapeFixtures.DATABASE + two + "  - {type: Reconciled, status: \"False\"}\n";
    assertEquals(List.of(
            "8:5 warning condition-last-transition-time-required /status/conditions/2/lastTransitionTime",
            "8:5 warning condition-reason-required /status/conditions/2/reason"),
        FIELD_RULES.lines(dropped));
    assertEquals(List.of("Condition \"Reconciled\" has no lastTransitionTime; if its condition type is the metav1 its"
            + " fields suggest, it requires it (inferred from the fields its conditions carry (one has type, status,"
            + " reason, message, lastTransitionTime, as k8s.io/apimachinery/pkg/apis/meta/v1.Condition requires); the"
            + " list's other conditions carry it), so that clients know since when the status holds.",
            "Condition \"Reconciled\" has no reason; if its condition type is the metav1 its fields"
            + " suggest, it requires one (inferred from the fields its conditions carry (one has type, status, reason,"
            + " message, lastTransitionTime, as k8s.io/apimachinery/pkg/apis/meta/v1.Condition requires); the list's"
            + " other conditions carry it), so that users and tools can tell why the condition is as it is."),
        FIELD_RULES.messages(dropped));
  }

  @Test
  void theFiveFieldRungAsksNoReasonOfAConditionInItsHealthyStateNorAnyMessage() {
    String two = """
        - {type: Ready, status: "False", reason: Failed, message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Synced, status: "False", reason: Failed, message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
      """;
    // Knative's Ready=True without a reason, as its type allows (a reason is required only when False).
    String healthy = ShapeFixtures.DATABASE + two
        + "  - {type: Reconciled, status: \"True\", lastTransitionTime: \"2024-05-01T12:00:00Z\"}\n";
    assertEquals(List.of(), FIELD_RULES.lines(healthy));
    // Degraded is abnormal-true by its name: False is its healthy state, True its failure.
    String degradedFalse = ShapeFixtures.DATABASE + two
        + "  - {type: Degraded, status: \"False\", lastTransitionTime: \"2024-05-01T12:00:00Z\"}\n";
    assertEquals(List.of(), FIELD_RULES.lines(degradedFalse));
    String degradedTrue = degradedFalse.replace("Degraded, status: \"False\"", "Degraded, status: \"True\"");
    assertEquals(List.of("8:5 warning condition-reason-required /status/conditions/2/reason"),
        FIELD_RULES.lines(degradedTrue));
    String noMessage = ShapeFixtures.DATABASE + two
        + "  - {type: Reconciled, status: \"False\", reason: Failed, lastTransitionTime: \"2024-05-01T12:00:00Z\"}\n";
    assertEquals(List.of(), FIELD_RULES.lines(noMessage));
  }

  @Test
  void theFiveFieldRungWantsTwoOtherConditionsThatAllCarryTheField() {
    String one = ShapeFixtures.DATABASE + """
        - {type: Ready, status: "False", reason: Failed, message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Reconciled, status: "False"}
      """;
    assertEquals(List.of(), FIELD_RULES.lines(one));
    String notAll = ShapeFixtures.DATABASE + """
        - {type: Ready, status: "False", reason: Failed, message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Synced, status: "False", message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Reconciled, status: "False", lastTransitionTime: "2024-05-01T12:00:00Z"}
      """;
    assertEquals(List.of(), FIELD_RULES.lines(notAll));
  }

  @Test
  void weakEvidenceHoldsTheListToNothingButAFieldNoConditionTypeHas() {
    String weak = ShapeFixtures.DATABASE + """
        - {type: Ready, status: "True", reason: Done}
        - {type: Synced, status: "True", message: ok}
      """;
    assertEquals(List.of(), FIELD_RULES.lines(weak));
    // The ladder's bottom rung (families.json unfamiliarFields): a field no condition family has, whatever
    // else the list shows, at warning; Synced's absent reason is still not asked for.
    String unfamiliar = weak.replace("message: ok", "color: blue");
    assertEquals(List.of("7:43 warning condition-unknown-field /status/conditions/1/color"),
        FIELD_RULES.lines(unfamiliar));
    assertEquals(List.of("Condition \"Synced\" has field \"color\", which no condition type condlint knows has (ansibleResult,"
        + " codes, error, generation, lastHeartbeatTime, lastProbeTime, lastTransitionTime, lastUpdateTime, message,"
        + " observedGeneration, phase, reason, severity, startTime, status, type); inferred: nothing declares this"
        + " kind's condition type, and nearly every CRD condition type lacks such a field (98.9% of those condlint"
        + " indexes), so its schema likely prunes it silently."), FIELD_RULES.messages(unfamiliar));
  }

  /** The bottom rung speaks where another family's field holds the list to nothing, and on a partial condition. */
  @Test
  void aFieldNoConditionTypeHasIsAWarningWhateverTheEvidence() {
    String otherFamily = ShapeFixtures.DATABASE + """
        - {type: Ready, status: "True", severity: Info, details: injected}
      """;
    assertEquals(List.of("6:60 warning condition-unknown-field /status/conditions/0/details"),
        FIELD_RULES.lines(otherFamily));
    // A field some family has (Knative's severity) is no unfamiliar field, and a spelling of one keeps its own finding.
    String knative = ShapeFixtures.DATABASE + "  - {type: Ready, status: \"True\", severity: Info, lastHeartBeatTime: x}\n";
    assertEquals(List.of("6:70 warning condition-unknown-field /status/conditions/0/lastHeartBeatTime"),
        FIELD_RULES.lines(knative));
    assertEquals(List.of("Condition \"Ready\" has field \"lastHeartBeatTime\", which no known condition type has;"
        + " they spell it \"lastHeartbeatTime\", so a schema that declares lastHeartbeatTime drops this one."),
        FIELD_RULES.messages(knative));
    // A field another condition of the list carries too is one their controller writes, its type's own (Camel K's
    // firstTruthyTime): the bottom rung says nothing of it, on either condition.
    String both = ShapeFixtures.DATABASE + """
        - {type: Ready, status: "True", reason: Done, firstTruthyTime: "2024-05-01T12:00:00Z"}
        - {type: Synced, status: "True", reason: Done, firstTruthyTime: "2024-05-01T12:00:00Z"}
        - {type: Healthy, status: "True", reason: Done}
      """;
    assertEquals(List.of(), FIELD_RULES.lines(both));
  }
}
