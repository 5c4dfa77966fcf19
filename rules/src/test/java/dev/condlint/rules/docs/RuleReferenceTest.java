package dev.condlint.rules.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code docs/rules.md} (and the rule list in docs/rules-summary.md, when it has the markers) equal to what
 * the rules' metadata and examples generate. {@code -Dcondlint.updateDocs=true} rewrites them.
 */
class RuleReferenceTest {
  private static final boolean UPDATE = Boolean.getBoolean("condlint.updateDocs");
  private static final Path RULES_MD = Path.of("../docs/rules.md");
  private static final Path README = Path.of("../docs/rules-summary.md");

  @Test
  void theRuleReferenceIsUpToDate() throws IOException {
    String generated = new RuleReference(Ruleset.builtIn()).markdown();
    if (UPDATE) {
      Files.writeString(RULES_MD, generated, StandardCharsets.UTF_8);
    }
    String published = Files.exists(RULES_MD) ? Files.readString(RULES_MD, StandardCharsets.UTF_8) : "";
    assertEquals(generated, published, RULES_MD + " is out of date; run " + RuleReference.REGENERATE);
  }

  @Test
  void theReadmeRuleListIsUpToDate() throws IOException {
    if (!Files.exists(README)) {
      return;
    }
    String readme = Files.readString(README, StandardCharsets.UTF_8);
    Optional<String> updated = ReadmeRuleList.replace(readme, ReadmeRuleList.list(Ruleset.builtIn().registry()));
    if (updated.isEmpty()) {
      return;
    }
    if (UPDATE) {
      Files.writeString(README, updated.get(), StandardCharsets.UTF_8);
      readme = updated.get();
    }
    assertEquals(updated.get(), readme, README + "'s rule list is out of date; run " + RuleReference.REGENERATE);
  }

  @Test
  void theListReplacesOnlyTheTextBetweenTheMarkers() {
    String readme = "# condlint\n\n## Rules\n<!-- rules:begin -->\nold list\n<!-- rules:end -->\n\n## Exit codes\n";

    assertEquals(
        Optional.of("# condlint\n\n## Rules\n<!-- rules:begin -->\n| new |\n<!-- rules:end -->\n\n## Exit codes\n"),
        ReadmeRuleList.replace(readme, "| new |\n"));
  }

  @Test
  void aReadmeWithoutMarkersIsLeftAlone() {
    assertEquals(Optional.empty(), ReadmeRuleList.replace("# condlint\n<!-- rules:end -->\n", "| new |\n"));
  }

  @Test
  void theReadmeListLinksEveryRuleToItsSection() {
    String list = ReadmeRuleList.list(Ruleset.builtIn().registry());

    assertTrue(
        list.contains("| — | [`duplicate-key`](rules.md#duplicate-key) | error | A mapping key is written twice |"),
        list);
  }

  @Test
  void aRuleWithoutExamplesYetIsDocumentedAsSuch() {
    String md = new RuleReference(Ruleset.builtIn().withRules(List.of(new Undocumented()))).markdown();

    assertTrue(
        md.contains("### Failing example\n\n(example missing)\n\n### Passing example\n\n(example missing)\n"),
        md);
  }

  @Test
  void aRuleOffByDefaultShowsTheProfilesThatTurnItOn() {
    String md = new RuleReference(Ruleset.builtIn().withRules(List.of(new KnativeOnly()))).markdown();

    assertTrue(md.contains("| F01 | [`knative-severity-valid`](#knative-severity-valid) | object | off (error when on) |"), md);
    assertTrue(md.contains("\n| off | off | off | error | off | off | off | off |\n"), md);
  }

  @RuleInfo(
      id = "undocumented-rule",
      title = "Has no examples",
      severity = Severity.WARNING,
      scope = Scope.OBJECT,
      rationale = "Test double.",
      source = "RuleReferenceTest")
  static final class Undocumented implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {}
  }

  /** Borrows F01's id, which the knative profile turns on, to see the profile table. */
  @RuleInfo(
      id = "knative-severity-valid",
      code = "F01",
      title = "Stands in for F01",
      severity = Severity.ERROR,
      scope = Scope.OBJECT,
      rationale = "Test double.",
      source = "RuleReferenceTest",
      onByDefault = false)
  static final class KnativeOnly implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {}
  }
}
