package dev.condlint.rules.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A profile the built-in group mapping picks does not vouch for the kind's condition type, and so not
 * for a per-condition observedGeneration: a Cluster API provider's v1beta2 API may keep v1beta1
 * conditions (CAPA's AWSManagedControlPlane), which have none.
 */
class ProfileKnowledgeTest {
  private static final RuleRun C03 = RuleRun.of("condition-observed-generation-set");
  private static final String PROVIDER_OBJECT = """
      apiVersion: controlplane.cluster.x-k8s.io/v1beta2
      kind: AWSManagedControlPlane
      metadata: {name: cp, generation: 3}
      status:
        conditions:
        - {type: Ready, status: "True", lastTransitionTime: "2024-07-30T11:10:03Z"}
        - {type: EKSControlPlaneCreating, status: "False", severity: Info, reason: Created, lastTransitionTime: "2024-07-26T14:43:57Z"}
      """;

  @Test
  void theBuiltInMappingDoesNotAskEachConditionForAnObservedGeneration() {
    assertEquals(List.of(), C03.lines(PROVIDER_OBJECT));
  }

  @Test
  void aProfileTheUserChoseVouchesForTheFamilyAndAsksForIt() {
    assertEquals(List.of(
            "6:5 warning condition-observed-generation-set /status/conditions/0/observedGeneration",
            "7:5 warning condition-observed-generation-set /status/conditions/1/observedGeneration"),
        C03.profile("capi-v1beta2").lines(PROVIDER_OBJECT));
  }
}
