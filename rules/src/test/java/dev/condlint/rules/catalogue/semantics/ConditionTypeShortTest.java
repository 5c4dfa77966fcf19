package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.database;
import static dev.condlint.rules.testing.ObjectFixtures.withConditions;
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

  @Test
  void needsAWordBoundaryAfterTheKind() {
    assertEquals(List.of(), run.lines(withConditions("example.com/v1", "Route", "r", """
        - {type: RoutesReady, status: "True"}
        - {type: Route, status: "True"}
        """)));
  }

  @Test
  void aTypeAboutAnotherKindWhoseNameStartsWithThisOneIsNotARepetition() {
    assertEquals(List.of(), run.lines(withConditions("camel.apache.org/v1", "Integration", "i", """
        - {type: IntegrationPlatformAvailable, status: "True"}
        - {type: IntegrationKitAvailable, status: "True"}
        """)));
  }

  @Test
  void skipsBuiltInKinds() {
    assertEquals(List.of(), run.lines(withConditions("v1", "Pod", "web-0", """
        - {type: PodScheduled, status: "True"}
        """)));
  }
}
