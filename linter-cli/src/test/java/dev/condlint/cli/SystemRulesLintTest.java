package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code condlint lint --now} on a Landscaper DeployItem at its pickup timeout and a second either side,
 * with the Landscaper's default and with {@code .condlint.yaml} setting the timeout as the Landscaper's
 * {@code deployItemTimeouts.pickup} does; and a timeout that is not a duration, reported in the file.
 */
class SystemRulesLintTest {
  private static final String FINDING = "::warning file=di.yaml,line=9,col=24,title=landscaper-pickup-timeout-unmarked::";

  @TempDir Path dir;

  @BeforeEach
  void writeDeployItem() throws IOException {
    Files.writeString(dir.resolve("di.yaml"), SystemStatusCommandTest.WAITING);
  }

  private CliRun.Result lint(String config, String now) throws IOException {
    Files.writeString(dir.resolve(".condlint.yaml"), "rules:\n  status-phase-field: \"off\"\n" + config);
    return CliRun.withBuiltInRules(dir).run("lint", "--format", "github", "--fail-on", "warning", "--now", now, "di.yaml");
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:54:59Z, 0", "2024-05-31T23:55:00Z, 1", "2024-05-31T23:55:01Z, 1"})
  void theDefaultPickupTimeoutRunsOutAtFiveMinutesExactly(String now, int exit) throws IOException {
    CliRun.Result r = lint("", now);
    assertEquals(exit, r.exit());
    assertEquals(exit == 0 ? "" : FINDING, r.out().lines().findFirst().map(l -> l.substring(0, FINDING.length())).orElse(""));
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:50:29Z, 0", "2024-05-31T23:50:30Z, 1", "2024-05-31T23:50:31Z, 1"})
  void theConfiguredPickupTimeoutRunsOutAtItsEnd(String now, int exit) throws IOException {
    CliRun.Result r = lint("  landscaper-pickup-timeout-unmarked:\n    options: {pickup: 30s}\n", now);
    assertEquals(exit, r.exit());
    assertEquals(exit == 0 ? "" : FINDING + "Job \"5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d\" has waited for a deployer since"
        + " status.jobIDGenerationTime 2024-05-31T23:50:00Z (" + (now.endsWith("30Z") ? "30s" : "31s") + " ago): the"
        + " pickup timeout of 30s (deployItemTimeouts.pickup) has run out, yet the item is not marked failed: the"
        + " Landscaper fails an item that no deployer picks up in time, with phase Failed, jobIDFinished set to jobID"
        + " and lastError.reason PickupTimeout.%0AHint: Check that the Landscaper runs (its deploy item controller"
        + " marks the timeout) and that a deployer for this item's spec.type runs and is responsible for its target;"
        + " if pickups are only slow, raise deployItemTimeouts.pickup and this rule's pickup option together.",
        r.out().lines().findFirst().orElse(""));
  }

  @Test
  void aTimeoutThatIsNotADurationIsAConfigurationErrorAtItsLine() throws IOException {
    CliRun.Result r = lint("  landscaper-pickup-timeout-unmarked:\n    options: {pickup: five minutes}\n",
        "2024-06-01T00:00:00Z");
    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals(".condlint.yaml:4:23: error: rules.landscaper-pickup-timeout-unmarked.options.pickup: invalid duration"
        + " 'five minutes': expected Go duration syntax such as 90s, 10m or 1h30m, or none.",
        r.err().lines().findFirst().orElse(""));
  }
}
