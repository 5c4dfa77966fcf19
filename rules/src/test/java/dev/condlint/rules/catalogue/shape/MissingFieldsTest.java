package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Finding;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A condition that lacks several fields its condition type requires gets a finding of each field's
 * own rule at that field's pointer, so that each can be disabled, suppressed and counted on its own.
 */
class MissingFieldsTest {
  private static final RuleRun FIELD_RULES_OF = RuleRun.of("condition-reason-required", "condition-message-present",
      "condition-last-transition-time-required");
  private static final RuleRun FIELD_RULES = FIELD_RULES_OF.contract("metav1");

  private static final String BARE_READY = ShapeFixtures.DATABASE + "  - {type: Ready, status: \"True\"}\n";

  @Test
  void eachAbsentRequiredFieldIsItsOwnRulesFindingAtItsOwnPointer() {
    List<Finding> findings = FIELD_RULES.findings(BARE_READY);
    assertEquals(List.of(
        "6:5 error condition-last-transition-time-required /status/conditions/0/lastTransitionTime",
        "6:5 error condition-message-present /status/conditions/0/message",
        "6:5 error condition-reason-required /status/conditions/0/reason"), RuleRun.lines(findings));
    assertEquals(List.of(
        "Condition \"Ready\" has no lastTransitionTime; its condition type requires it (per .condlint.yaml"
            + " contracts[0]), so that clients know since when the status holds.",
        "Condition \"Ready\" has no message; its condition type requires one, possibly empty (per .condlint.yaml"
            + " contracts[0]).",
        "Condition \"Ready\" has no reason; its condition type requires one (per .condlint.yaml contracts[0]),"
            + " so that users and tools can tell why the condition is as it is."),
        findings.stream().map(Finding::message).toList());
    assertEquals(List.of(Optional.of("lastTransitionTime"), Optional.of("message"), Optional.of("reason")),
        findings.stream().map(Finding::missingField).toList());
  }

  @Test
  void aDisabledFieldRuleLeavesTheOtherFieldsFindings() {
    RuleRun withoutReason = FIELD_RULES_OF
        .config(Config.DEFAULT.withRuleLevel("condition-reason-required", Level.OFF)).contract("metav1");
    assertEquals(List.of(
        "6:5 error condition-last-transition-time-required /status/conditions/0/lastTransitionTime",
        "6:5 error condition-message-present /status/conditions/0/message"), withoutReason.lines(BARE_READY));
  }
}
