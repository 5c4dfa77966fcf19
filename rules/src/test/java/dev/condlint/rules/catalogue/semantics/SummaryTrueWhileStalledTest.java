package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.database;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTrueWhileStalledTest {
  private final RuleRun run = RuleRun.of("summary-true-while-stalled");

  private static final String READY_AND_STALLED = database("""
      - {type: Stalled, status: "True", reason: InvalidSpec}
      - type: Ready
        status: "True"
      """);

  @Test
  void warningInK8sErrorInKstatusAndFlux() {
    assertEquals(List.of("8:13 warning summary-true-while-stalled /status/conditions/1/status"), run.lines(READY_AND_STALLED));
    assertEquals(List.of("8:13 error summary-true-while-stalled /status/conditions/1/status"), run.profile("kstatus").lines(READY_AND_STALLED));
    assertEquals(List.of("8:13 error summary-true-while-stalled /status/conditions/1/status"), run.profile("flux").lines(READY_AND_STALLED));
  }

  @Test
  void usesTheProfilesSummaryTypes() {
    String succeeded = READY_AND_STALLED.replace("type: Ready", "type: Succeeded");
    assertEquals(List.of("8:13 warning summary-true-while-stalled /status/conditions/1/status"), run.lines(succeeded));
    // kstatus knows only Ready as a summary.
    assertEquals(List.of(), run.profile("kstatus").lines(succeeded));
  }

  @Test
  void aFalseSummaryOrAStalledFalseIsConsistent() {
    assertEquals(List.of(), run.lines(READY_AND_STALLED.replace("status: \"True\"\n", "status: \"False\"\n")));
    assertEquals(List.of(), run.lines(READY_AND_STALLED.replace("Stalled, status: \"True\"", "Stalled, status: \"False\"")));
  }
}
