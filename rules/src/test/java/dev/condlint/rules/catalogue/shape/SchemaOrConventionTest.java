package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.ObjectFixtures;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A05, A08 and A13 warn of a value metav1.Condition's schema would reject on a kind nobody declared,
 * and say what the warning rests on: the list's inferred schema when one is guessed, else the convention.
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
            "6:43 warning condition-reason-format /status/conditions/0/reason inferred: no declared condition"
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
            "6:43 warning condition-reason-format /status/conditions/0/reason" + GUESS,
            "6:76 warning condition-last-transition-time-format /status/conditions/0/lastTransitionTime" + GUESS),
        severitiesAndBases(widget));
  }
}
