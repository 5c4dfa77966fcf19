package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A usage error is the error and one line that says where the help is, not the whole help (which put
 * the error 72 lines above the prompt); rules are taken by their catalogue codes as well as their ids
 * (issue 25, item 5).
 */
class UsageErrorsTest {
  @TempDir Path dir;

  @Test
  void anUnknownOptionIsTheErrorAndWhereTheHelpIs() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--bogus");

    assertEquals("", r.out());
    assertEquals("Unknown option: '--bogus'\nTry 'condlint lint --help' for more information.\n", r.err());
    assertEquals(2, r.exit());
  }

  @Test
  void aBadValueNamesTheCommandItWasGivenTo() {
    CliRun.Result r = CliRun.in(dir).run("audit", "--fail-on", "sometimes");

    assertEquals("Invalid value for option '--fail-on': expected one of [ERROR, WARNING, INFO, NEVER]"
        + " (case-insensitive) but was 'sometimes'\nTry 'condlint audit --help' for more information.\n", r.err());
    assertEquals(2, r.exit());
  }

  @Test
  void aMistypedCommandKeepsPicocliSuggestion() {
    CliRun.Result r = CliRun.in(dir).run("lnt");

    assertEquals("Unmatched argument at index 0: 'lnt'\nDid you mean: condlint lint or condlint contracts?\n"
        + "Try 'condlint --help' for more information.\n", r.err());
    assertEquals(2, r.exit());
  }

  @Test
  void anErrorTheCommandFindsIsShownTheSameWay() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--jobs", "0");

    assertEquals("--jobs: must be at least 1, not 0\nTry 'condlint lint --help' for more information.\n", r.err());
    assertEquals(2, r.exit());
  }

  @Test
  void anUnknownRuleSuggestsTheNearestId() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--enable", "duplicate-keys");

    assertEquals("--enable: unknown rule 'duplicate-keys'; did you mean 'duplicate-key'? (`condlint rules` lists every"
        + " rule id)\nTry 'condlint lint --help' for more information.\n", r.err());
    assertEquals(2, r.exit());
  }

  private List<String> ruleIds(String... flags) throws IOException {
    List<String> args = new ArrayList<>(List.of("lint", "--format", "json", "--now", "2024-06-01T00:00:00Z"));
    args.addAll(List.of(flags));
    args.add("d.yaml");
    CliRun.Result r = CliRun.withBuiltInRules(dir).run(args.toArray(String[]::new));
    assertEquals("", r.err());
    List<String> ids = new ArrayList<>();
    for (JsonNode f : new ObjectMapper().readTree(r.out()).path("findings")) {
      ids.add(f.path("rule").asText());
    }
    return ids;
  }

  @Test
  void rulesAreTakenByTheirCodesAsDocsRulesSummaryListsThem() throws IOException {
    Files.writeString(dir.resolve("d.yaml"), """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, generation: 1}
        status:
          observedGeneration: 1
          conditions:
          - type: Available
            status: Maybe
            reason: MinimumReplicasAvailable
            message: ok
            lastTransitionTime: "2024-05-01T00:00:00Z"
            lastUpdateTime: "2024-05-01T00:00:00Z"
        """);

    assertTrue(ruleIds().contains("condition-status-value"), ruleIds().toString());
    // A05 is condition-status-value in docs/rules-summary.md; codes are taken in any case.
    assertEquals(ruleIds("--disable", "condition-status-value"), ruleIds("--disable", "A05"));
    assertEquals(ruleIds("--disable", "condition-status-value"), ruleIds("--disable", "a05"));
    assertTrue(!ruleIds("--disable", "A05").contains("condition-status-value"));
  }
}
