package dev.condlint.rules.kstatus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.yaml.YamlReader;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * kstatus's Job rule at upstream master ({@code jobConditions}, kubernetes-sigs/cli-utils
 * {@code 5895ad6}) on suspension states that neither upstream's tables nor the flavour fixtures
 * (FlavoursTest) hold.
 */
class JobRuleTest {
  private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");

  private static final KstatusResult NOT_STARTED =
      new KstatusResult(
          KstatusStatus.IN_PROGRESS,
          "Job not started",
          List.of(new KstatusCondition("Reconciling", "True", "JobNotStarted", "Job not started")));

  private static KstatusResult job(String spec, String status) {
    JsonNode object =
        new YamlReader()
            .read("job.yaml", "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j, namespace: ns, generation: 2}\n"
                + "spec: " + spec + "\nstatus: " + status + "\n")
            .documents()
            .get(0)
            .root();
    return KstatusCompute.compute(object, NOW);
  }

  @Test
  void aJobWithoutSpecSuspendIsNotSuspendedWhateverItsCondition() {
    assertEquals(NOT_STARTED, job("{}", "{conditions: [{type: Suspended, status: \"True\", reason: JobSuspended}]}"));
  }

  @Test
  void specSuspendCountsOnlyAsABoolean() {
    assertEquals(NOT_STARTED, job("{suspend: \"true\"}", "{conditions: [{type: Suspended, status: \"True\"}]}"));
  }

  @Test
  void aResumedJobOnceStartedIsCurrentAndRunning() {
    assertEquals(
        new KstatusResult(KstatusStatus.CURRENT, "Job in progress. success:0, active: 1, failed: 0", List.of()),
        job("{suspend: false}",
            "{startTime: \"2026-06-01T00:00:00Z\", active: 1,"
                + " conditions: [{type: Suspended, status: \"True\"}]}"));
  }
}
