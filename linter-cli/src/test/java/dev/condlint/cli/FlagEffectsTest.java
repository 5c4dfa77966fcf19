package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.api.Scope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What {@code --enable}, {@code --profile} and {@code --now} hand the engine, seen by a probe rule. */
class FlagEffectsTest {

  /** Reports the profile and reference time its check was given; off unless enabled. */
  @RuleInfo(id = "probe", title = "Reports what the engine was given", severity = Severity.WARNING,
      scope = Scope.OBJECT, rationale = "For the test.", source = "test", onByDefault = false)
  static final class Probe implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      check.report("", "profile " + check.profile().name() + ", now " + check.now().map(Object::toString).orElse("none"), "");
    }
  }

  @TempDir Path dir;

  @BeforeEach
  void writeObjects() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), """
        apiVersion: example.com/v1
        kind: Widget
        ---
        apiVersion: kustomize.toolkit.fluxcd.io/v1
        kind: Kustomization
        """);
  }

  private CliRun.Result lint(String... flags) {
    List<String> args = new ArrayList<>(List.of("lint", "--format", "github"));
    args.addAll(List.of(flags));
    args.add("w.yaml");
    return CliRun.withRules(dir, new RuleRegistry(List.of(new Probe()))).run(args.toArray(String[]::new));
  }

  @Test
  void aRuleOffByDefaultStaysOff() {
    CliRun.Result r = lint();

    assertEquals(0, r.exit());
    assertEquals("", r.out());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "--enable probe --fail-on warning                | 1 | k8s     | flux    | none",
    "--enable probe --profile knative                | 0 | knative | knative | none",
    "--enable probe --now 2030-01-01T02:00:00+02:00  | 0 | k8s     | flux    | 2030-01-01T00:00:00Z",
  })
  void flagsReachTheEngine(String flags, int exit, String firstProfile, String secondProfile, String now) {
    CliRun.Result r = lint(flags.split(" "));

    assertEquals(exit, r.exit());
    assertEquals(
        "::warning file=w.yaml,line=1,col=1,title=probe::profile " + firstProfile + ", now " + now + "\n"
            + "::warning file=w.yaml,line=4,col=1,title=probe::profile " + secondProfile + ", now " + now + "\n",
        r.out());
  }

  /** Files are judged without the clock unless asked: by --now, or by now: in the configuration. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "now: clock                 |                                  | 2024-06-01T00:00:00Z",
    "now: 2025-01-01T00:00:00Z  |                                  | 2025-01-01T00:00:00Z",
    "now: clock                 | --now 2030-01-01T00:00:00Z       | 2030-01-01T00:00:00Z",
  })
  void theConfigurationCanGiveTheReferenceTime(String config, String flags, String now) throws IOException {
    Files.writeString(dir.resolve(".condlint.yaml"), config + "\n");
    List<String> args = new ArrayList<>(List.of("--enable", "probe"));
    if (flags != null) {
      args.addAll(List.of(flags.split(" ")));
    }
    CliRun.Result r = lint(args.toArray(String[]::new));

    assertEquals(0, r.exit());
    assertEquals(
        "::warning file=w.yaml,line=1,col=1,title=probe::profile k8s, now " + now + "\n"
            + "::warning file=w.yaml,line=4,col=1,title=probe::profile flux, now " + now + "\n",
        r.out());
  }
}
