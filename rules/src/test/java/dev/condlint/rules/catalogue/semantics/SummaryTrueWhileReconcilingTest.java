package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.kustomization;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTrueWhileReconcilingTest {
  private final RuleRun run = RuleRun.of("summary-true-while-reconciling");

  private static final String READY_WHILE_RECONCILING = kustomization("""
      - {type: Reconciling, status: "True", reason: Progressing}
      - {type: Ready, status: "True", reason: ReconciliationSucceeded}
      """);

  @Test
  void infoInFluxOnly() {
    assertEquals(List.of("7:27 info summary-true-while-reconciling /status/conditions/1/status"), run.profile("flux").lines(READY_WHILE_RECONCILING));
    assertEquals(List.of(), run.profile("k8s").lines(READY_WHILE_RECONCILING));
    assertEquals(List.of(), run.profile("kstatus").lines(READY_WHILE_RECONCILING));
  }

  @Test
  void theMessageSaysThatKstatusComputesInProgress() {
    assertEquals(
        List.of(
            "Condition 'Ready' is True while Reconciling is True; once reconciliation has finished, Reconciling"
                + " should be gone or 'Ready' no longer True. kstatus computes InProgress."),
        run.profile("flux").messages(READY_WHILE_RECONCILING));
  }
}
