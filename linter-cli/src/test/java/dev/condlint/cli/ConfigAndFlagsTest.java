package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.catalogue.meta.DuplicateKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Configuration discovery and the flags that override it; the {@code rules} command and the version. */
class ConfigAndFlagsTest {

  @TempDir Path dir;

  /** Lints w.yaml (a duplicate key) with this {@code .condlint.yaml} beside it, in {@code dir}. */
  private CliRun.Result lintWithConfig(CliRun cli, String config) throws IOException {
    Files.writeString(dir.resolve(".condlint.yaml"), config);
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);
    return cli.run("lint", "w.yaml");
  }

  /** A run stopped before any object was linted: exit 2, nothing on stdout, exactly {@code err} on stderr. */
  private static void assertStopped(CliRun.Result r, String err) {
    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals(err, r.err());
  }

  @Test
  void aConfigInAParentDirectoryIsFoundAndItsSyntaxErrorStopsTheRunWithItsLine() throws IOException {
    Path work = Files.createDirectories(dir.resolve("repo/sub"));
    Files.writeString(dir.resolve("repo/.condlint.yaml"), "profile: flux\nrules: [\n");
    Files.writeString(work.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    CliRun.Result r = CliRun.in(work).run("lint", ".");

    assertStopped(r,
        "../.condlint.yaml:3:1: error: while parsing a flow node: expected the node content, but found '<stream end>'\n");
  }

  @Test
  void aConfigThatBreaksTheSchemaIsReportedAtTheLineOfEachProblem() throws IOException {
    CliRun.Result r = lintWithConfig(CliRun.in(dir), "profile: flux\nrules:\n  duplicate-key: loud\nexclude: vendor\n");

    assertStopped(r,
        ".condlint.yaml:3:18: error: rules.duplicate-key: 'loud' is not a known level (expected one of: off, info,"
            + " warning, error).\n"
            + ".condlint.yaml:4:10: error: exclude must be a list, not a string (\"vendor\").\n");
  }

  @Test
  void aMisspeltRuleOptionStopsTheRunAtItsLineWithASuggestion() throws IOException {
    CliRun.Result r = lintWithConfig(CliRun.withBuiltInRules(dir),
        "rules:\n  pickup-deadline-exceeded:\n    options:\n      dedline: 10m\n");

    assertStopped(r, ".condlint.yaml:4:16: error: Unknown key 'dedline' in rules.pickup-deadline-exceeded.options; did"
        + " you mean 'deadline'? (known keys: deadline).\n");
  }

  /** A rule of one's own that reports the owners it was configured with. */
  @RuleInfo(id = "owner-named", title = "Names the configured owners", severity = Severity.WARNING,
      scope = Scope.OBJECT, rationale = "Test double.", source = "ConfigAndFlagsTest")
  static final class OwnerNamed implements ObjectRule, Configurable<OwnerNamed.Options> {
    record Options(@JsonPropertyDescription("The owners.") List<String> owners) {}

    @Override
    public Class<Options> optionsType() {
      return Options.class;
    }

    @Override
    public void check(ObjectCheck check) {
      check.report("/metadata", "Owners: " + check.options(this).owners() + ".", "");
    }
  }

  @Test
  void theConfigurationIsCheckedAgainstTheRulesThatRun() throws IOException {
    String config = "rules:\n  owner-named:\n    options: {owners: [team-a]}\n";
    CliRun own = CliRun.withRules(dir, new RuleRegistry(List.of(new DuplicateKey(), new OwnerNamed())));

    CliRun.Result r = lintWithConfig(own, config);

    assertEquals("", r.err());
    assertEquals(1, r.exit());
    assertEquals("""
        w.yaml: profile k8s (1 object)
        w.yaml:2:1: warning owner-named: Owners: [team-a].
        w.yaml:4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3); only this later\
         value is kept.
            hint: Remove one of the two 'name' entries.
        Checked 1 file (1 object): 1 error, 1 warning, 0 infos.
        """, r.out());
    assertStopped(lintWithConfig(CliRun.withBuiltInRules(dir), config),
        ".condlint.yaml:2:3: error: Unknown rule 'owner-named' (`condlint rules` lists every rule id).\n");
  }

  static final String PHASE = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: a\nstatus:\n"
      + "  phase: Running\n";

  @Test
  void aRuleIsConfiguredAndSuppressedByItsCatalogueCode() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), PHASE);
    CliRun.Result plain = CliRun.withBuiltInRules(dir).run("lint", "w.yaml");
    assertEquals("""
        w.yaml: profile k8s (1 object)
        w.yaml:6:10: info status-phase-field: status.phase 'Running' is a phase field, which the API conventions\
         deprecate: a single phase cannot express independent aspects of the state, and new phases break the clients\
         that switch on it.
            hint: Express each aspect as a condition (e.g. Ready, with reasons for the old phases); keep phase only for\
         compatibility, and plan to drop it in a new API version.
        Checked 1 file (1 object): 0 errors, 0 warnings, 1 info.
        """, plain.out());
    String none = "Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n";

    Files.writeString(dir.resolve(".condlint.yaml"), "rules:\n  B15: \"off\"\n");
    assertEquals(none, CliRun.withBuiltInRules(dir).run("lint", "w.yaml").out());

    Files.delete(dir.resolve(".condlint.yaml"));
    Files.writeString(dir.resolve("w.yaml"), PHASE.replace("  phase:", "  # condlint:ignore b15 -- legacy\n  phase:"));
    CliRun.Result ignored = CliRun.withBuiltInRules(dir).run("lint", "w.yaml");
    assertEquals(0, ignored.exit());
    assertEquals(none, ignored.out());
  }

  @Test
  void anUnknownCatalogueCodeInTheConfigurationGetsTheNearestCode() throws IOException {
    assertStopped(lintWithConfig(CliRun.withBuiltInRules(dir), "rules:\n  A99: \"off\"\n"),
        ".condlint.yaml:2:8: error: Unknown rule 'A99'; did you mean 'A09'? (`condlint rules` lists every rule"
            + " id).\n");
  }

  @Test
  void anExplicitConfigThatDoesNotExistIsAnError() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--config", "nope.yaml", ".");

    assertEquals(2, r.exit());
    assertEquals("nope.yaml: error: no such file or directory\n", r.err());
  }

  @Test
  void anExplicitConfigBeatsTheDiscoveredOne() throws IOException {
    Files.writeString(dir.resolve(".condlint.yaml"), "rules: [\n");
    Files.writeString(dir.resolve("good.yaml"), "profile: k8s\n");
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    CliRun.Result r = CliRun.in(dir).run("lint", "--config", "good.yaml", "w.yaml");

    assertEquals(1, r.exit(), r.err());
  }

  @Test
  void disableTurnsARuleOff() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    CliRun.Result r = CliRun.in(dir).run("lint", "--disable", "duplicate-key", "w.yaml");

    assertEquals(0, r.exit());
    assertEquals("Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n", r.out());
  }

  @Test
  void enableGivesTheRuleItsSeverityAndDisableWinsOverIt() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    CliRun.Result r = CliRun.in(dir).run("lint", "--disable", "duplicate-key", "--enable", "duplicate-key", "w.yaml");

    // --disable is applied after --enable, whatever their order on the command line.
    assertEquals(0, r.exit());
    CliRun.Result enabled = CliRun.in(dir).run("lint", "--enable", "duplicate-key", "w.yaml");
    assertEquals(1, enabled.exit());
    assertTrue(enabled.out().startsWith("w.yaml: profile k8s (1 object)\nw.yaml:4:9: error duplicate-key: "),
        enabled.out());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "--enable | no-such-rule | ",
    "--enable | condition-type-requird | ; did you mean 'condition-type-required'?",
    "--disable | DUPLICATE-KEY | ; did you mean 'duplicate-key'?",
    // A02 is a rule's code, taken as its id (issue 25, item 5); A99 is no rule's, A09 the nearest.
    "--disable | A99 | ; did you mean 'A09'?",
  })
  void anUnknownRuleIsAUsageErrorThatSuggestsTheNearestId(String flag, String id, String suggestion) {
    CliRun.Result r = CliRun.withBuiltInRules(dir).run("lint", flag, id, ".");

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    String expected = flag + ": unknown rule '" + id + "'" + (suggestion == null ? "" : suggestion)
        + " (`condlint rules` lists every rule id)\nTry 'condlint lint --help' for more information.\n";
    assertEquals(expected, r.err());
  }

  @Test
  void anUnknownProfileIsAUsageErrorThatSuggestsTheNearest() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--profile", "kstatsu", ".");

    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("--profile: unknown profile 'kstatsu'; did you mean 'kstatus'? (known: k8s, kstatus, "),
        r.err());
  }

  @Test
  void aKnownProfileIsAccepted() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    assertEquals(1, CliRun.in(dir).run("lint", "--profile", "flux", "w.yaml").exit());
  }

  @Test
  void nowMustBeRfc3339() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--now", "yesterday", ".");

    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("--now: 'yesterday' is not an RFC 3339 time such as 2024-06-01T00:00:00Z\n"), r.err());
    assertEquals(0, CliRun.in(dir).run("lint", "--now", "2024-06-01T02:00:00+02:00", ".").exit());
  }

  @Test
  void rulesListsEveryRuleAsTextAndJson() throws IOException {
    CliRun.Result text = CliRun.withBuiltInRules(dir).run("rules");
    CliRun.Result json = CliRun.withBuiltInRules(dir).run("rules", "--format", "json");

    RuleRegistry all = Ruleset.builtIn().registry();
    assertEquals(0, text.exit());
    assertEquals(all.rules().size() + 1, text.out().lines().count());
    assertTrue(text.out().lines().anyMatch(
        l -> l.matches("duplicate-key +error +yes +object +A mapping key is written twice")), text.out());
    JsonNode rules = new ObjectMapper().readTree(json.out()).path("rules");
    assertEquals(all.rules().size(), rules.size());
    assertEquals("suppression-unused", rules.get(rules.size() - 1).path("id").asText());
    assertEquals("info", rules.get(rules.size() - 1).path("severity").asText());
  }

  @Test
  void versionNamesTheProjectVersion() {
    CliRun.Result r = CliRun.in(dir).run("--version");

    assertEquals(0, r.exit());
    assertTrue(r.out().matches("condlint \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\n"), r.out());
  }
}
