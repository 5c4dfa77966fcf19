package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.ObjectFixtures;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Knative asks a reason of False conditions as a failure reason: a False condition whose type is
 * abnormal-true (KServe's Stopped) is healthy and owes none.
 */
class FailureOnlyRequirementTest {
  private static final RuleRun A07 = RuleRun.of("condition-reason-required");

  private static String inferenceService(String conditions) {
    return ObjectFixtures.withConditions("serving.kserve.io/v1beta1", "InferenceService", "m", conditions);
  }

  @Test
  void aHealthyFalseOfAnAbnormalTrueTypeOwesNoReason() {
    assertEquals(List.of(), A07.lines(inferenceService("- {type: Stopped, status: \"False\"}")));
  }

  @Test
  void aFailingFalseStillOwesOne() {
    assertEquals(List.of("6:5 error condition-reason-required /status/conditions/0/reason"),
        A07.lines(inferenceService("- {type: PredictorReady, status: \"False\"}")));
  }

  @Test
  void anAbnormalTrueTypeThatIsTrueIsNotAskedForOneEither() {
    // Knative asks for a reason only when False; what a True Stopped owes is not said, so nothing is asked.
    assertEquals(List.of(), A07.lines(inferenceService("- {type: Stopped, status: \"True\"}")));
  }
}
