package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.withStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusPhaseFieldTest {
  private final RuleRun run = RuleRun.of("status-phase-field");

  private static final String PHASE = withStatus("example.com/v1", "Database", "orders", "phase: Provisioning\n");

  @Test
  void infoInK8sKstatusFluxAndGatewayApi() {
    for (String profile : List.of("k8s", "kstatus", "flux", "knative", "gateway-api", "cert-manager")) {
      assertEquals(List.of("5:10 info status-phase-field /status/phase"), run.profile(profile).lines(PHASE), profile);
    }
  }

  @Test
  void offInClusterApiWhichKeepsPhaseOnPurpose() {
    assertEquals(List.of(), run.profile("capi-v1beta2").lines(PHASE));
    assertEquals(List.of(), run.profile("capi-v1beta1").lines(PHASE));
  }

  @Test
  void aNonStringPhaseIsReportedWithoutQuotingIt() {
    assertEquals(
        List.of(
            "status.phase is a phase field, which the API conventions deprecate: a single phase cannot express"
                + " independent aspects of the state, and new phases break the clients that switch on it."),
        run.messages(PHASE.replace("Provisioning", "{name: Provisioning}")));
  }
}
