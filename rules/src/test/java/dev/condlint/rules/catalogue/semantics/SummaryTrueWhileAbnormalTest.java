package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.kustomization;
import static dev.condlint.rules.testing.ObjectFixtures.withStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.profile.ProfileNames;
import dev.condlint.rules.testing.Configs;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTrueWhileAbnormalTest {
  private final RuleRun run = RuleRun.of("summary-true-while-abnormal");

  private static final String HEALTH_CHECK_FAILED = kustomization("""
      - {type: Ready, status: "True", reason: ReconciliationSucceeded}
      - {type: HealthCheckFailed, status: "True", reason: HealthCheckFailed}
      - {type: Stalled, status: "True", reason: InvalidSpec}
      - {type: Reconciling, status: "True", reason: Progressing}
      """);

  @Test
  void fluxWithAConfiguredNegativeTypeIsAnError() {
    RuleRun flux = run.config(Configs.settings(ProfileNames.FLUX, Configs.negativeTypes("HealthCheckFailed")));
    // Stalled is B10's finding and Reconciling may be True mid-reconcile, so neither is named.
    assertEquals(
        List.of("6:27 error summary-true-while-abnormal /status/conditions/0/status Condition 'Ready' is True while"
            + " HealthCheckFailed is True; a summary condition cannot report success while a condition it summarises"
            + " reports a problem. kstatus computes Failed."),
        flux.linesWithMessages(HEALTH_CHECK_FAILED));
  }

  @Test
  void aTypeNamedForAFailureIsNoContractThatTheSummarySumsItUp() {
    // HealthCheckFailed's polarity comes from its name alone (basis inferred): a name is no contract that
    // Ready sums the type up, so nothing is claimed; configured as negative, it is (the test above).
    assertEquals(List.of(), run.profile("flux").lines(HEALTH_CHECK_FAILED));
  }

  @Test
  void aWarningOrAFallbackStandsBesideATrueSummaryByDesign() {
    String kafka = withStatus("kafka.strimzi.io/v1beta2", "Kafka", "events", """
        conditions:
        - {type: Warning, status: "True", reason: KafkaStorage, message: "deprecated field"}
        - {type: Ready, status: "True"}
        """);
    String scaledObject = withStatus("keda.sh/v1alpha1", "ScaledObject", "worker", """
        conditions:
        - {type: Ready, status: "True", reason: ScaledObjectReady}
        - {type: Fallback, status: "True", reason: FallbackExists}
        """);
    assertEquals(List.of(), run.lines(kafka));
    assertEquals(List.of(), run.lines(scaledObject));
  }
}
