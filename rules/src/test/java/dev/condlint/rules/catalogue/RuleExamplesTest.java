package dev.condlint.rules.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.rules.testing.RuleExample;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every rule's documentation examples: the failing one must produce exactly the findings of its
 * {@code .expected} file (rule, severity, line, column, pointer and message), the passing one none of
 * its rule. Set {@code -Dcondlint.updateExpected=true} to rewrite the expected files from the actual
 * output, then review the diff.
 */
class RuleExamplesTest {
  private static final boolean UPDATE = Boolean.getBoolean("condlint.updateExpected");

  @TestFactory
  Stream<DynamicTest> everyRuleHasAFailingAndAPassingExample() {
    return Ruleset.builtIn().registry().rules().stream()
        .flatMap(rule -> RuleExample.of(rule).stream())
        .map(example -> DynamicTest.dynamicTest(example.ruleId() + " " + example.kind(), () -> check(example)));
  }

  private static void check(RuleExample example) throws IOException {
    assertTrue(Files.exists(example.yaml()), "missing example " + example.yaml());
    List<String> actual = example.run().stream().map(RuleExample::line).toList();
    if (UPDATE && (!actual.isEmpty() || Files.exists(example.expected()))) {
      Files.writeString(example.expected(), String.join("\n", actual) + (actual.isEmpty() ? "" : "\n"));
    }
    assertEquals(String.join("\n", example.expectedLines()), String.join("\n", actual), example.yaml().toString());
    boolean firesItsRule = actual.stream().anyMatch(l -> l.split(" ")[2].equals(example.ruleId()));
    if (example.kind().equals("failing")) {
      assertTrue(firesItsRule, example.yaml() + " must produce a finding of " + example.ruleId());
    } else {
      assertFalse(firesItsRule, example.yaml() + " must not produce a finding of " + example.ruleId());
    }
  }
}
