package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --jobs changes how many files are linted at once, never what is reported or in which order. */
class JobsOptionTest {
  @TempDir Path dir;

  @Test
  void theReportIsTheSameOnOneThreadAndOnSeveral() throws IOException {
    for (int i = 0; i < 12; i++) {
      Files.writeString(dir.resolve(String.format("f%02d.yaml", i)), """
          apiVersion: kustomize.toolkit.fluxcd.io/v1
          kind: Kustomization
          metadata: {name: app-%d, namespace: flux-system, generation: 1}
          status:
            conditions:
              - {type: Ready, status: "true", lastTransitionTime: "2024-05-01T00:00:00Z", reason: Failed, message: x}
          """.formatted(i));
    }

    CliRun.Result one = CliRun.withBuiltInRules(dir).run("lint", "--jobs", "1", ".");
    CliRun.Result four = CliRun.withBuiltInRules(dir).run("lint", "--jobs", "4", ".");

    assertTrue(one.out().contains("f11.yaml:6:"), one.out());
    assertEquals(one, four);
  }

  @Test
  void zeroJobsIsAUsageError() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--jobs", "0", ".");

    assertEquals(2, r.exit());
    assertTrue(r.err().contains("--jobs: must be at least 1, not 0"), r.err());
  }
}
