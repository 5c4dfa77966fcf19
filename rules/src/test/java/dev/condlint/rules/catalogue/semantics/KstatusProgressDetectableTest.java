package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class KstatusProgressDetectableTest {
  private final RuleRun run = RuleRun.of("kstatus-progress-detectable");

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
    assertEquals(List.of("4:1 info kstatus-progress-detectable /status/observedGeneration"), run.lines(ACCEPTED_ONLY));
    assertEquals(List.of("4:1 warning kstatus-progress-detectable /status/observedGeneration"), run.profile("kstatus").lines(ACCEPTED_ONLY));
    assertEquals(List.of("4:1 warning kstatus-progress-detectable /status/observedGeneration"), run.profile("flux").lines(ACCEPTED_ONLY));
  }

  @Test
  void anyKstatusConditionOrTheObservedGenerationMakesProgressDetectable() {
    assertEquals(List.of(), run.lines(ACCEPTED_ONLY.replace("Accepted", "Reconciling")));
    assertEquals(List.of(), run.lines(ACCEPTED_ONLY.replace("Accepted", "Stalled")));
    assertEquals(List.of(), run.lines(ACCEPTED_ONLY.replace("status:\n", "status:\n  observedGeneration: 2\n")));
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
    assertEquals(List.of(), run.lines(deployment));
    assertEquals(
        List.of("4:1 info kstatus-progress-detectable /status/observedGeneration"),
        run.lines(
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
        List.of("4:1 info kstatus-progress-detectable /status/observedGeneration"),
        run.profile("gateway-api")
            .lines(
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
        run.lines(
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
        run.messages(ACCEPTED_ONLY));
    assertEquals(
        List.of(
            "kstatus cannot see when this Tunnel is in progress or failed: its status has no"
                + " observedGeneration and its conditions include none of Ready, Reconciling or Stalled, so"
                + " tools that wait on kstatus take whatever it says as final. kstatus computes Terminating:"
                + " Resource scheduled for deletion."),
        run.messages(ACCEPTED_ONLY.replace("{name: office-vpn}",
            "{name: office-vpn, deletionTimestamp: \"2024-05-31T00:00:00Z\"}")));
  }
}
