package dev.condlint.rules.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.rules.api.Rule;
import dev.condlint.rules.testing.RuleExample;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every example of every rule ({@link RuleExample}): each must produce exactly the findings its
 * {@code # want} markers expect, no more and no fewer; a rule's {@code failing.yaml} must produce a
 * finding of the rule and its {@code passing.yaml} none.
 */
class RuleExamplesTest {

  @TestFactory
  Stream<DynamicTest> everyExampleProducesExactlyTheFindingsItsMarkersWant() {
    return RuleExample.all(Ruleset.builtIn().registry()).stream()
        .map(example -> DynamicTest.dynamicTest(
            RuleExample.CATALOGUE.relativize(example.yaml()).toString(), example.yaml().toUri(),
            () -> check(example)));
  }

  @TestFactory
  Stream<DynamicTest> everyRuleHasAFailingAndAPassingExample() {
    return Ruleset.builtIn().registry().rules().stream()
        .map(rule -> DynamicTest.dynamicTest(rule.id(), () -> {
          RuleExample failing = RuleExample.failing(rule);
          RuleExample passing = RuleExample.passing(rule);
          assertTrue(failing.exists(), "missing example " + failing.yaml());
          assertTrue(passing.exists(), "missing example " + passing.yaml());
          assertTrue(firesItsRule(failing), failing.yaml() + " must produce a finding of " + rule.id());
          assertFalse(firesItsRule(passing), passing.yaml() + " must not produce a finding of " + rule.id());
        }));
  }

  @Test
  void theRuleFoldersHoldOnlyExamplesAndTheirConfiguration() {
    Map<Path, Rule> byFolder = new HashMap<>();
    Ruleset.builtIn().registry().rules().forEach(rule -> byFolder.put(RuleExample.folder(rule), rule));
    List<String> stray = RuleExample.files().stream()
        .filter(file -> !file.getFileName().toString().endsWith(".yaml")
            || RuleExample.ruleAbove(file, byFolder).isEmpty())
        .map(Path::toString)
        .toList();
    assertEquals(List.of(), stray, "files that are no rule's example (a .yaml file in a rule's folder or below it)");
  }

  private static void check(RuleExample example) {
    List<String> problems = example.problems();
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  private static boolean firesItsRule(RuleExample example) {
    return example.run().stream().anyMatch(f -> f.ruleId().equals(example.ruleId()));
  }
}
