package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A status.conditions list that nothing declares and none of whose conditions has a type: judged as typed
 * conditions where every status is "True", "False" or "Unknown" (a typed condition's), not where a status is
 * a phase (Volcano's JobCondition). Found by benchmarks/heldout/mutate: a dropped type in a one-condition
 * list of an undeclared kind was not reported at all.
 */
class UntypedConditionListTest {
  private static final String TYPE = "condition-type-required";

  /** One condition that lost its type: its status, reason, message and observedGeneration remain. */
  private static final String TYPE_DROPPED = ShapeFixtures.DATABASE
      + "  - status: \"True\"\n"
      + "    reason: ReconciliationSuccess\n"
      + "    message: Reconciliation successful\n"
      + "    observedGeneration: 1\n";

  /** Volcano's batch/v1alpha1 JobCondition: a phase history (status is a phase), no condition type. */
  private static final String PHASE_HISTORY = ShapeFixtures.DATABASE
      + "  - {status: Pending, lastTransitionTime: \"2024-05-01T12:00:00Z\"}\n"
      + "  - {status: \"True\", lastTransitionTime: \"2024-05-01T12:01:00Z\"}\n";

  @Test
  void anUntypedListWhoseStatusesAreConditionStatusesIsToldItsTypeIsMissingAtWarning() {
    List<Finding> findings = RuleRun.of(TYPE).findings(TYPE_DROPPED);
    assertEquals(List.of("6:5 warning condition-type-required /status/conditions/0/type"), RuleRun.lines(findings));
    assertEquals("Condition #0 has no type, and no condition of its list has one; a status of \"True\", \"False\""
        + " or \"Unknown\" says that something holds, and the type names what (inferred from the statuses of the"
        + " list's conditions, True, False or Unknown as only a typed condition's are).", findings.get(0).message());
    assertEquals("inferred", findings.get(0).basis().orElseThrow().source().label());
  }

  @Test
  void aDeclaredConditionTypeStillMakesItAnError() {
    assertEquals(List.of("6:5 error condition-type-required /status/conditions/0/type"),
        RuleRun.of(TYPE).contract("metav1").lines(TYPE_DROPPED));
  }

  @Test
  void aListWithAPhaseForAStatusIsStillNoListOfTypedConditions() {
    assertEquals(List.of(), RuleRun.of(TYPE, "condition-status-value").lines(PHASE_HISTORY));
  }
}
