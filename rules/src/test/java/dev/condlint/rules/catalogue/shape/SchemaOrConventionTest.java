package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.model.Finding;
import dev.condlint.rules.testing.CaseFile;
import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.api.Test;

/**
 * A05 and A13 warn of a value metav1.Condition's schema would reject on a kind nobody declared, and say
 * what the warning rests on: the list's inferred schema when one is guessed, else the convention; A08's
 * reason pattern, which the kind's own type may not have, is an info where only the convention states it.
 * The cases are files under cases/schema-or-convention/, each finding marked with its basis.
 */
class SchemaOrConventionTest {
  private static final RuleRun SHAPE_FORMATS =
      RuleRun.of("condition-status-value", "condition-reason-format", "condition-last-transition-time-format");
  private static final RuleRun REASON_FORMAT = RuleRun.of("condition-reason-format");

  private static CaseFile schemaOrConvention(String name) {
    return CaseFile.read("cases/schema-or-convention/" + name + ".yaml");
  }

  @Test
  void withoutAGuessedSchemaTheWarningRestsOnTheConvention() {
    schemaOrConvention("widget-without-a-guessed-schema").check(SHAPE_FORMATS);
  }

  @Test
  void withAGuessedSchemaTheWarningRestsOnTheGuess() {
    schemaOrConvention("widget-with-a-guessed-schema").check(SHAPE_FORMATS);
  }

  @Test
  void aCrdWhoseReasonHasNoPatternIsNotSaidToRejectIt() {
    Finding f = RuleRun.only(schemaOrConvention("reason-the-crd-states-no-pattern-for").check(REASON_FORMAT));

    assertEquals("Condition \"Ready\" has reason \"not a reason\", which is not a one-word identifier matching"
        + " `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters, digits, '_', ',' and ':'; a"
        + " letter, digit or '_' last); metav1.Condition's schema would reject it, and tools that match reasons"
        + " expect such an identifier.", f.message());
  }

  @Test
  void aCrdWhoseReasonHasThePatternRejectsIt() {
    Finding f = RuleRun.only(schemaOrConvention("reason-the-crd-holds-to-metav1s-pattern").check(REASON_FORMAT));

    assertTrue(f.message().endsWith("; its condition type's schema rejects it."), f.message());
  }
}
