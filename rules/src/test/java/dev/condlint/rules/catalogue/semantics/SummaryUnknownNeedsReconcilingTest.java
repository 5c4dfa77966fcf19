package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryUnknownNeedsReconcilingTest {
  private final Lint lint = Lint.rule("summary-unknown-needs-reconciling");

  private static final String READY_UNKNOWN =
      """
      apiVersion: kustomize.toolkit.fluxcd.io/v1
      kind: Kustomization
      metadata: {name: apps}
      status:
        conditions:
        - {type: Ready, status: Unknown, reason: Progressing}
        - {type: Reconciling, status: "False", reason: Progressing}
      """;

  @Test
  void warningInFluxOffElsewhere() {
    assertEquals(List.of("6:27 warning /status/conditions/0/status"), lint.profile("flux").on(READY_UNKNOWN));
    assertEquals(List.of(), lint.profile("k8s").on(READY_UNKNOWN));
    assertEquals(List.of(), lint.profile("kstatus").on(READY_UNKNOWN));
  }

  @Test
  void reconcilingTrueExplainsTheUnknownSummary() {
    assertEquals(
        List.of(),
        lint.profile("flux").on(READY_UNKNOWN.replace("Reconciling, status: \"False\"", "Reconciling, status: \"True\"")));
  }
}
