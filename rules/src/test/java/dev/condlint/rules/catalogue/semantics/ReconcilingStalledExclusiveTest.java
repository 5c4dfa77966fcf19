package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.database;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReconcilingStalledExclusiveTest {
  private final RuleRun run = RuleRun.of("reconciling-stalled-exclusive");

  private static final String STALLED_FIRST = database("""
      - {type: Stalled, status: "True", reason: InvalidSpec}
      - {type: Ready, status: "False", reason: InvalidSpec}
      - {type: Reconciling, status: "True", reason: Progressing}
      """);

  private static final String ONE_TRUE_ONE_FALSE = database("""
      - {type: Reconciling, status: "False", reason: Done}
      - {type: Stalled, status: "True", reason: InvalidSpec}
      """);

  @Test
  void reportsTheLaterOfTheTwoAndTheStatusKstatusPicks() {
    assertEquals(
        List.of("8:5 warning reconciling-stalled-exclusive /status/conditions/2 Reconciling and Stalled are both True;"
            + " kstatus goes by whichever comes first in the list (here Stalled). kstatus computes Failed."),
        run.linesWithMessages(STALLED_FIRST));
  }

  @Test
  void theVerdictIsKstatusOwnEvenWhenAnEarlierCheckDecides() {
    // The generation check comes before the conditions: list order does not matter here.
    String stale = STALLED_FIRST.replace("{name: orders}", "{name: orders, generation: 4}")
        .replace("status:\n", "status:\n  observedGeneration: 3\n");
    assertEquals(
        List.of(
            "Reconciling and Stalled are both True; kstatus goes by whichever comes first in the list (here"
                + " Stalled). kstatus computes InProgress: Database generation is 4, but latest observed"
                + " generation is 3."),
        run.messages(stale));
  }

  @Test
  void kstatusWarnsCapiV1beta1AndKnativeAreOff() {
    assertEquals(List.of("8:5 warning reconciling-stalled-exclusive /status/conditions/2"), run.profile("kstatus").lines(STALLED_FIRST));
    assertEquals(List.of(), run.profile("capi-v1beta1").lines(STALLED_FIRST));
    assertEquals(List.of(), run.profile("knative").lines(STALLED_FIRST));
  }

  @Test
  void fluxForbidsThemBeingPresentTogether() {
    assertEquals(
        List.of("7:5 error reconciling-stalled-exclusive /status/conditions/1 Reconciling (False) and Stalled (True)"
            + " are both present; only one of them may be present at a time."),
        run.profile("flux").linesWithMessages(ONE_TRUE_ONE_FALSE));
  }
}
