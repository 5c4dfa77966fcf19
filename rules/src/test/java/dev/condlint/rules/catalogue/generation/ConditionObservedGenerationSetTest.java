package dev.condlint.rules.catalogue.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConditionObservedGenerationSetTest {
  private static final String RULE = "condition-observed-generation-set";

  private static String database(String apiVersion, String generationLine) {
    return """
        apiVersion: %s
        kind: Database
        metadata:
          name: orders
        %s
        status:
          conditions:
          - type: Ready
            status: "True"
            reason: Reconciled
            message: All components are ready
            lastTransitionTime: "2024-05-01T12:00:00Z"
          - type: Synced
            status: "True"
            reason: SyncSucceeded
            message: Replicas are in sync
            lastTransitionTime: "2024-05-01T12:00:00Z"
            observedGeneration: 0
        """
        .formatted(apiVersion, generationLine);
  }

  @ParameterizedTest
  @CsvSource({"cert-manager, info", "flux, warning", "gateway-api, warning", "capi-v1beta2, warning"})
  void reportsAMissingAndAZeroObservedGenerationWhereTheProfilesConditionsRecordIt(String profile, String severity) {
    assertEquals(
        List.of(
            "8:5 " + severity + " " + RULE + " /status/conditions/0/observedGeneration",
            "18:25 " + severity + " " + RULE + " /status/conditions/1/observedGeneration"),
        RuleRun.of(RULE).profile(profile).lines(database("example.com/v1", "  generation: 3")));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile (none: the default resolution) | apiVersion | metadata line
      says nothing where nobody says the conditions record it | | example.com/v1 | generation: 3
      is off in the knative profile, whose conditions have no observedGeneration | knative | example.com/v1 | generation: 3
      is off in the capi-v1beta1 profile, whose conditions have no observedGeneration | capi-v1beta1 | example.com/v1 \
        | generation: 3
      is off in the kstatus profile, which ignores it | kstatus | example.com/v1 | generation: 3
      skips built-in kinds | k8s | apps/v1 | generation: 3
      skips objects without generation | k8s | example.com/v1 | namespace: default
      """)
  void saysNothing(String example, String profile, String apiVersion, String metadataLine) {
    RuleRun run = profile == null ? RuleRun.of(RULE) : RuleRun.of(RULE).profile(profile);
    assertEquals(List.of(), run.lines(database(apiVersion, "  " + metadataLine)));
  }
}
