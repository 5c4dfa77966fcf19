package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.withConditions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class KstatusProgressDetectableTest {
  private final RuleRun run = RuleRun.of("kstatus-progress-detectable");

  private static final String ACCEPTED_ONLY = withConditions("networking.example.com/v1", "Tunnel", "office-vpn", """
      - {type: Accepted, status: "True"}
      """);

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
    String deployment = withConditions("apps/v1", "Deployment", "web", """
        - {type: Available, status: "True"}
        """);
    assertEquals(List.of(), run.lines(deployment));
    String csr = withConditions("certificates.k8s.io/v1", "CertificateSigningRequest", "node-csr-abc", """
        - {type: Approved, status: "True"}
        """);
    assertEquals(List.of("4:1 info kstatus-progress-detectable /status/observedGeneration"), run.lines(csr));
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
