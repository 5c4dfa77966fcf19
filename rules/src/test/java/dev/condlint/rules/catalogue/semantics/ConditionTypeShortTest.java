package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionTypeShortTest {
  private final Lint lint = Lint.rule("condition-type-short");

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
    assertEquals(List.of("6:11 info /status/conditions/0/type"), lint.on(yaml));
    assertEquals(
        "Name the condition 'Ready': the object's kind already says what it is about.",
        lint.findings(yaml).get(0).hint());
  }

  @Test
  void needsAWordBoundaryAfterTheKind() {
    assertEquals(
        List.of(),
        lint.on(
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
  void skipsBuiltInKinds() {
    assertEquals(
        List.of(),
        lint.on(
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
