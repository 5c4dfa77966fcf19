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

  /**
   * observedGeneration asks for an absent lastTransitionTime that the list's other conditions carry (98.3% of the
   * indexed condition types with observedGeneration require it), not for a reason (95.4%, under the bar) nor a
   * message (35.1%): RungClaimMeasurementTest, docs/contracts.md.
   */
  @Test
  void observedGenerationAsksForAnAbsentLastTransitionTimeItsOtherConditionsCarryButNoReasonNorMessage() {
    String noTime = ShapeFixtures.DATABASE + READY + """
        - type: Synced
          status: "True"
          observedGeneration: 1
          reason: Synced
          message: synced
      """;
    assertEquals(List.of("12:5 warning condition-last-transition-time-required /status/conditions/1/lastTransitionTime"),
        FIELD_RULES.lines(noTime));
    assertEquals(List.of("Condition \"Synced\" has no lastTransitionTime; if its condition type is the metav1 its fields"
        + " suggest, it requires it (inferred from the fields its conditions carry (observedGeneration, as"
        + " k8s.io/apimachinery/pkg/apis/meta/v1.Condition has); the list's other conditions carry it), so that clients"
        + " know since when the status holds."), FIELD_RULES.messages(noTime));
    String noReason = noTime.replace("reason: Synced", "lastTransitionTime: \"2024-05-01T12:00:00Z\"");
    assertEquals(List.of(), FIELD_RULES.lines(noReason));
    String noMessage = noTime.replace("message: synced", "lastTransitionTime: \"2024-05-01T12:00:00Z\"");
    assertEquals(List.of(), FIELD_RULES.lines(noMessage));
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
    // An empty reason: only metav1.Condition's convention (a quarter of the indexed condition types with these
    // five fields reject it: RungClaimMeasurementTest), an info.
    assertEquals(List.of("7:44 info condition-reason-required /status/conditions/1/reason"),
        FIELD_RULES.lines(emptyReason));
    // Crossplane's and the external-dns operator's look-alike types make reason and message optional.
    String absent = ShapeFixtures.DATABASE + five
        + "  - {type: Synced, status: \"True\", lastTransitionTime: \"2024-05-01T12:00:00Z\"}\n";
    assertEquals(List.of(), FIELD_RULES.lines(absent));
  }

  /**
   * The five fields ask for no absent field, even where every other condition carries it: 78.4% of the indexed
   * condition types with the five require lastTransitionTime, 73.5% reason (RungClaimMeasurementTest).
   */
  @Test
  void metav1sFiveFieldsAskForNoAbsentReasonOrTimeEvenWhereTwoOtherConditionsCarryIt() {
    String two = """
        - {type: Ready, status: "False", reason: Failed, message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Synced, status: "False", reason: Failed, message: broken, lastTransitionTime: "2024-05-01T12:00:00Z"}
      """;
    String dropped = ShapeFixtures.DATABASE + two + "  - {type: Reconciled, status: \"False\"}\n";
    assertEquals(List.of(), FIELD_RULES.lines(dropped));
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
    // Nor in its abnormal state: the rung asks for no absent field at all.
    String degradedTrue = degradedFalse.replace("Degraded, status: \"False\"", "Degraded, status: \"True\"");
    assertEquals(List.of(), FIELD_RULES.lines(degradedTrue));
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

  /** Every rule that may judge a condition's fields or values by an inferred metav1 (and the always-on time format). */
  private static final RuleRun VALUE_RULES = RuleRun.of(
      "condition-reason-required", "condition-message-present", "condition-last-transition-time-required",
      "condition-unknown-field", "condition-reason-format", "condition-type-format", "condition-message-maxlength");

  private static final String LONG = "x".repeat(32769);

  /**
   * A list with metav1.Condition's five fields, of a kind nothing declares: of the claims the rung makes, only a
   * field outside metav1's (declared by 1.2% of the indexed condition types with the five) is a warning; an empty
   * reason, a reason or type failing metav1's pattern and a message over its maxLength are the convention's infos
   * (a quarter of those types reject them), and no absent field is asked for (docs/contracts.md's bar: 97%).
   */
  @Test
  void aFiveFieldListOfAnUndeclaredKindGetsAWarningOnlyForAFieldMetav1Lacks() {
    String yaml = ShapeFixtures.DATABASE + """
        - {type: Ready, status: "False", reason: "", message: ok, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Bad Type, status: "False", reason: Not ready, message: ok, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Synced, status: "True", reason: Done, message: LONG, lastTransitionTime: "2024-05-01T12:00:00Z", owner: me}
        - {type: Reconciled, status: "False"}
      """.replace("LONG", LONG);
    List<dev.condlint.model.Finding> findings = VALUE_RULES.findings(yaml);
    assertEquals(List.of(
            "6:44 info condition-reason-required /status/conditions/0/reason",
            "7:12 info condition-type-format /status/conditions/1/type",
            "7:47 info condition-reason-format /status/conditions/1/reason",
            "8:59 info condition-message-maxlength /status/conditions/2/message",
            "8:32881 warning condition-unknown-field /status/conditions/2/owner"),
        VALUE_RULES.lines(yaml));
    assertEquals("Condition \"Ready\" has an empty reason; metav1.Condition, which its fields suggest, requires a"
        + " non-empty one, but many condition types with these fields accept it: condlint does not know this kind's.",
        findings.get(0).message());
    assertEquals("inferred from no declared condition schema; metav1's reason minLength 1 as the convention",
        findings.get(0).basis().orElseThrow().phrase());
    assertEquals("Condition \"Synced\" has field \"owner\", which metav1 (lastTransitionTime, message, observedGeneration,"
        + " reason, status, type), the condition type its other fields suggest (inferred from the fields its conditions"
        + " carry (one has type, status, reason, message, lastTransitionTime, as"
        + " k8s.io/apimachinery/pkg/apis/meta/v1.Condition requires)), does not have: if that is its type, its"
        + " controller does not write it, and a CRD schema that declares the condition type prunes it silently.",
        findings.get(4).message());
  }

  /**
   * A list with observedGeneration, of a kind nothing declares: an absent lastTransitionTime the other conditions
   * carry and a field outside metav1's are warnings (98.3% and 99.8% of the indexed condition types with
   * observedGeneration bear them out); an empty reason, the patterns and the lengths are the convention's infos
   * (35% reject them), and an absent reason or message is not asked for.
   */
  @Test
  void anObservedGenerationListOfAnUndeclaredKindGetsWarningsOnlyForAnAbsentTimeAndAFieldMetav1Lacks() {
    String time = "lastTransitionTime: \"2024-05-01T12:00:00Z\"";
    String yaml = ShapeFixtures.DATABASE + """
        - {type: Ready, status: "False", observedGeneration: 1, reason: "", message: ok, TIME}
        - {type: Bad Type, status: "False", observedGeneration: 1, reason: Not ready, message: ok, TIME}
        - {type: Synced, status: "True", observedGeneration: 1, reason: Done, message: LONG, TIME, owner: me}
        - {type: Reconciled, status: "False", observedGeneration: 1}
      """.replace("TIME", time).replace("LONG", LONG);
    List<dev.condlint.model.Finding> findings = VALUE_RULES.findings(yaml);
    assertEquals(List.of(
            "6:67 info condition-reason-required /status/conditions/0/reason",
            "7:12 info condition-type-format /status/conditions/1/type",
            "7:70 info condition-reason-format /status/conditions/1/reason",
            "8:82 info condition-message-maxlength /status/conditions/2/message",
            "8:32904 warning condition-unknown-field /status/conditions/2/owner",
            "9:5 warning condition-last-transition-time-required /status/conditions/3/lastTransitionTime"),
        VALUE_RULES.lines(yaml));
    assertEquals("Condition \"Reconciled\" has no lastTransitionTime; if its condition type is the metav1 its fields"
        + " suggest, it requires it (inferred from the fields its conditions carry (observedGeneration, as"
        + " k8s.io/apimachinery/pkg/apis/meta/v1.Condition has); the list's other conditions carry it), so that clients"
        + " know since when the status holds.", findings.get(5).message());
    assertEquals("Condition \"Bad Type\" has reason \"Not ready\", which is not a one-word identifier matching"
        + " `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters, digits, '_', ',' and ':'; a letter,"
        + " digit or '_' last); metav1.Condition's schema would reject it, and tools that match reasons expect such an"
        + " identifier.", findings.get(2).message());
  }
}
