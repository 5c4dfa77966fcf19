package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.database;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionTypeShortTest {
  private final RuleRun run = RuleRun.of("condition-type-short");

  @Test
  void reportsATypeThatStartsWithTheKindAndSuggestsTheRest() {
    String yaml = database("""
        - type: example.com/DatabaseReady
          status: "True"
        """);
    assertEquals(List.of("6:11 info condition-type-short /status/conditions/0/type"), run.lines(yaml));
    assertEquals(
        "Name the condition 'Ready': the object's kind already says what it is about.",
        run.findings(yaml).get(0).hint());
  }
}
