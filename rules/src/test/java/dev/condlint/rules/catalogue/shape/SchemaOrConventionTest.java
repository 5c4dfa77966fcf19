package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.model.Finding;
import dev.condlint.rules.testing.ObjectFixtures;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A05 and A13 warn of a value metav1.Condition's schema would reject on a kind nobody declared, and say
 * what the warning rests on: the list's inferred schema when one is guessed, else the convention; A08's
 * reason pattern, which the kind's own type may not have, is an info where only the convention states it.
 */
class SchemaOrConventionTest {
  private static final RuleRun SHAPE_FORMATS =
      RuleRun.of("condition-status-value", "condition-reason-format", "condition-last-transition-time-format");

  private static final String GUESS = " inferred: the fields its conditions carry (severity, as knative.dev/pkg/apis.Condition has)";

  private static List<String> severitiesAndBases(String yaml) {
    return SHAPE_FORMATS.findings(yaml).stream()
        .map(f -> RuleRun.line(f) + " " + f.basis().map(Object::toString).orElse("-"))
        .toList();
  }

  @Test
  void withoutAGuessedSchemaTheWarningRestsOnTheConvention() {
    String widget = ObjectFixtures.withConditions("example.com/v1", "Widget", "w",
        "- {type: Ready, status: \"true\", reason: \"not ready\", lastTransitionTime: yesterday, extra: 1}");
    assertEquals(List.of(
            "6:27 warning condition-status-value /status/conditions/0/status inferred: no declared condition"
                + " schema; metav1.Condition's statuses as the convention",
            "6:43 info condition-reason-format /status/conditions/0/reason inferred: no declared condition"
                + " schema; metav1.Condition's reason pattern as the convention",
            "6:76 warning condition-last-transition-time-format /status/conditions/0/lastTransitionTime inferred:"
                + " no declared condition schema; metav1.Time's RFC 3339 as the convention"),
        severitiesAndBases(widget));
  }

  @Test
  void withAGuessedSchemaTheWarningRestsOnTheGuess() {
    String widget = ObjectFixtures.withConditions("example.com/v1", "Widget", "w",
        "- {type: Ready, status: \"true\", reason: \"not ready\", lastTransitionTime: yesterday, severity: Error}");
    assertEquals(List.of(
            "6:27 warning condition-status-value /status/conditions/0/status" + GUESS,
            // A guessed family that holds nothing states no pattern: the reason's is only the convention.
            "6:43 info condition-reason-format /status/conditions/0/reason inferred: no declared condition"
                + " schema; metav1.Condition's reason pattern as the convention",
            "6:76 warning condition-last-transition-time-format /status/conditions/0/lastTransitionTime" + GUESS),
        severitiesAndBases(widget));
  }

  /** A CRD whose condition items have metav1.Condition's fields; {@code %s} is the reason's extra schema keywords. */
  private static final String GADGET_CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: gadgets.example.com}
      spec:
        group: example.com
        names: {kind: Gadget, plural: gadgets}
        scope: Namespaced
        versions:
          - name: v1
            served: true
            storage: true
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  status:
                    type: object
                    properties:
                      conditions:
                        type: array
                        items:
                          type: object
                          required: [type, status, lastTransitionTime, reason, message]
                          properties:
                            type: {type: string, maxLength: 316}
                            status: {type: string, enum: ["True", "False", "Unknown"]}
                            observedGeneration: {type: integer, format: int64, minimum: 0}
                            lastTransitionTime: {type: string, format: date-time}
                            reason: {type: string, maxLength: 1024, minLength: 1%s}
                            message: {type: string, maxLength: 32768}
      ---
      apiVersion: example.com/v1
      kind: Gadget
      metadata: {name: g}
      status:
        conditions:
          - {type: Ready, status: "False", reason: not a reason, message: m, lastTransitionTime: "2024-01-01T00:00:00Z"}
      """;

  @Test
  void aCrdWhoseReasonHasNoPatternIsNotSaidToRejectIt() {
    Finding f = RuleRun.only(RuleRun.of("condition-reason-format").findings(GADGET_CRD.formatted("")));

    assertEquals("37:46 info condition-reason-format /status/conditions/0/reason", RuleRun.line(f));
    assertEquals("Condition \"Ready\" has reason \"not a reason\", which is not a one-word identifier matching"
        + " `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters, digits, '_', ',' and ':'; a"
        + " letter, digit or '_' last); metav1.Condition's schema would reject it, and tools that match reasons"
        + " expect such an identifier.", f.message());
    assertEquals("inferred: the condition type's declared schema does not state it; metav1.Condition's reason"
        + " pattern as the convention", f.basis().map(Object::toString).orElse("-"));
  }

  @Test
  void aCrdWhoseReasonHasThePatternRejectsIt() {
    Finding f = RuleRun.only(RuleRun.of("condition-reason-format").findings(
        GADGET_CRD.formatted(", pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$'")));

    assertEquals("37:46 error condition-reason-format /status/conditions/0/reason", RuleRun.line(f));
    assertTrue(f.message().endsWith("; its condition type's schema rejects it."), f.message());
  }
}
