package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionTypeShortTest {
  private final RuleRun run = RuleRun.of("condition-type-short");

  @Test
  void reportsATypeThatStartsWithTheKindAndSuggestsTheRest() {
    String yaml =
        """
        apiVersion: example.com/v1
        kind: Database
        metadata: {name: orders}
        status:
          conditions:
          - type: example.com/DatabaseReady
            status: "True"
        """;
    assertEquals(List.of("6:11 info condition-type-short /status/conditions/0/type"), run.lines(yaml));
    assertEquals(
        "Name the condition 'Ready': the object's kind already says what it is about.",
        run.findings(yaml).get(0).hint());
  }

  @Test
  void needsAWordBoundaryAfterTheKind() {
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: example.com/v1
            kind: Route
            metadata: {name: r}
            status:
              conditions:
              - {type: RoutesReady, status: "True"}
              - {type: Route, status: "True"}
            """));
  }

  @Test
  void aTypeAboutAnotherKindWhoseNameStartsWithThisOneIsNotARepetition() {
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: camel.apache.org/v1
            kind: Integration
            metadata: {name: i}
            status:
              conditions:
              - {type: IntegrationPlatformAvailable, status: "True"}
              - {type: IntegrationKitAvailable, status: "True"}
            """));
  }

  @Test
  void skipsBuiltInKinds() {
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: web-0}
            status:
              conditions:
              - {type: PodScheduled, status: "True"}
            """));
  }
}
