package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatusPhaseFieldTest {
  private final Lint lint = Lint.rule("status-phase-field");

  private static final String PHASE =
      """
      apiVersion: example.com/v1
      kind: Database
      metadata: {name: orders}
      status:
        phase: Provisioning
      """;

  @Test
  void infoInK8sKstatusFluxAndGatewayApi() {
    for (String profile : List.of("k8s", "kstatus", "flux", "knative", "gateway-api", "cert-manager")) {
      assertEquals(List.of("5:10 info /status/phase"), lint.profile(profile).on(PHASE), profile);
    }
  }

  @Test
  void offInClusterApiWhichKeepsPhaseOnPurpose() {
    assertEquals(List.of(), lint.profile("capi-v1beta2").on(PHASE));
    assertEquals(List.of(), lint.profile("capi-v1beta1").on(PHASE));
  }

  @Test
  void neverAppliedToBuiltInKinds() {
    assertEquals(List.of(), lint.on(PHASE.replace("apiVersion: example.com/v1", "apiVersion: v1").replace("Database", "Pod")));
  }

  @Test
  void aNonStringPhaseIsReportedWithoutQuotingIt() {
    assertEquals(
        List.of(
            "status.phase is a phase field, which the API conventions deprecate: a single phase cannot express"
                + " independent aspects of the state, and new phases break the clients that switch on it."),
        lint.messages(PHASE.replace("Provisioning", "{name: Provisioning}")));
  }
}
