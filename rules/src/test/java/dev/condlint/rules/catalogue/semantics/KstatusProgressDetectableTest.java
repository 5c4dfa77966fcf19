package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class KstatusProgressDetectableTest {
  private final Lint lint = Lint.rule("kstatus-progress-detectable");

  private static final String ACCEPTED_ONLY =
      """
      apiVersion: networking.example.com/v1
      kind: Tunnel
      metadata: {name: office-vpn}
      status:
        conditions:
        - {type: Accepted, status: "True"}
      """;

  @Test
  void infoInK8sWarningInKstatusAndFluxAtTheStatus() {
    assertEquals(List.of("4:1 info /status/observedGeneration"), lint.on(ACCEPTED_ONLY));
    assertEquals(List.of("4:1 warning /status/observedGeneration"), lint.profile("kstatus").on(ACCEPTED_ONLY));
    assertEquals(List.of("4:1 warning /status/observedGeneration"), lint.profile("flux").on(ACCEPTED_ONLY));
  }

  @Test
  void anyKstatusConditionOrTheObservedGenerationMakesProgressDetectable() {
    assertEquals(List.of(), lint.on(ACCEPTED_ONLY.replace("Accepted", "Reconciling")));
    assertEquals(List.of(), lint.on(ACCEPTED_ONLY.replace("Accepted", "Stalled")));
    assertEquals(List.of(), lint.on(ACCEPTED_ONLY.replace("status:\n", "status:\n  observedGeneration: 2\n")));
  }

  @Test
  void skipsKstatusLegacyKindsButNotOtherBuiltIns() {
    String deployment =
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        status:
          conditions:
          - {type: Available, status: "True"}
        """;
    assertEquals(List.of(), lint.on(deployment));
    assertEquals(
        List.of("4:1 info /status/observedGeneration"),
        lint.on(
            """
            apiVersion: certificates.k8s.io/v1
            kind: CertificateSigningRequest
            metadata: {name: node-csr-abc}
            status:
              conditions:
              - {type: Approved, status: "True"}
            """));
  }

  @Test
  void nestedListsAloneCountAsConditionsThatKstatusCannotRead() {
    assertEquals(
        List.of("4:1 info /status/observedGeneration"),
        lint.profile("gateway-api")
            .on(
                """
                apiVersion: gateway.networking.k8s.io/v1
                kind: HTTPRoute
                metadata: {name: store}
                status:
                  parents:
                  - parentRef: {name: web}
                    controllerName: example.com/gateway
                    conditions:
                    - {type: Accepted, status: "True"}
                """));
  }

  @Test
  void objectsWithoutConditionsAreLeftAlone() {
    assertEquals(
        List.of(),
        lint.on(
            """
            apiVersion: example.com/v1
            kind: Database
            metadata: {name: orders}
            status: {phase: Running}
            """));
  }

  @Test
  void theMessageSaysWhatKstatusComputes() {
    assertEquals(
        List.of(
            "kstatus cannot see when this Tunnel is in progress or failed: its status has no"
                + " observedGeneration and its conditions include none of Ready, Reconciling or Stalled, so"
                + " tools that wait on kstatus take whatever it says as final. kstatus computes Current:"
                + " Resource is current."),
        lint.messages(ACCEPTED_ONLY));
    assertEquals(
        List.of(
            "kstatus cannot see when this Tunnel is in progress or failed: its status has no"
                + " observedGeneration and its conditions include none of Ready, Reconciling or Stalled, so"
                + " tools that wait on kstatus take whatever it says as final. kstatus computes Terminating:"
                + " Resource scheduled for deletion."),
        lint.messages(ACCEPTED_ONLY.replace("{name: office-vpn}",
            "{name: office-vpn, deletionTimestamp: \"2024-05-31T00:00:00Z\"}")));
  }
}
