package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.kustomization;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryUnknownNeedsReconcilingTest {
  private final RuleRun run = RuleRun.of("summary-unknown-needs-reconciling");

  private static final String READY_UNKNOWN = kustomization("""
      - {type: Ready, status: Unknown, reason: Progressing}
      - {type: Reconciling, status: "False", reason: Progressing}
      """);

  @Test
  void warningInFluxOffElsewhere() {
    assertEquals(List.of("6:27 warning summary-unknown-needs-reconciling /status/conditions/0/status"), run.profile("flux").lines(READY_UNKNOWN));
    assertEquals(List.of(), run.profile("k8s").lines(READY_UNKNOWN));
    assertEquals(List.of(), run.profile("kstatus").lines(READY_UNKNOWN));
  }
}
