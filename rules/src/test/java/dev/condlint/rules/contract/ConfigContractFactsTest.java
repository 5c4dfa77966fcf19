package dev.condlint.rules.contract;

import static dev.condlint.rules.contract.ContractFixtures.loadConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every per-type fact and every limit a catalogue entry or a profile can state, stated by a user's
 * {@code contracts:} entry for a kind condlint knows nothing of: each changes the findings of the rule
 * that reads it, exactly (rule id, severity, pointer, line and column), and only for that kind.
 */
class ConfigContractFactsTest {
  private static final String TIME = "lastTransitionTime: \"2024-05-01T12:00:00Z\"";

  /** A Widget of example.com, unknown to the catalogue, with these conditions (flow mappings, one a line). */
  private static String widget(String... conditions) {
    StringBuilder yaml = new StringBuilder("""
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: orders, generation: 2}
        status:
          conditions:
        """);
    for (String c : conditions) {
      yaml.append("  - {").append(c).append("}\n");
    }
    return yaml.toString();
  }

  private static String condition(String type, String status, String reason, String message) {
    return "type: " + type + ", status: \"" + status + "\", reason: " + reason + ", message: \"" + message + "\", "
        + TIME;
  }

  /** The rule's findings, at {@code level}, without and with a Widget entry stating {@code conditions}. */
  private static List<List<String>> withoutAndWith(String rule, String level, String conditions, String yaml) {
    String rules = "rules:\n  " + rule + ": " + level + "\n";
    String entry = "contracts:\n  - group: example.com\n    kinds: [Widget]\n    conditions: {" + conditions + "}\n";
    return List.of(RuleRun.of(rule).config(loadConfig(rules)).lines(yaml),
        RuleRun.of(rule).config(loadConfig(rules + entry)).lines(yaml));
  }

  private static List<List<String>> updateWithoutAndWith(String rule, String level, String conditions,
      String oldYaml, String newYaml) {
    String rules = "rules:\n  " + rule + ": " + level + "\n";
    String entry = "contracts:\n  - group: example.com\n    kinds: [Widget]\n    conditions: {" + conditions + "}\n";
    return List.of(RuleRun.of(rule).config(loadConfig(rules)).updateLines(oldYaml, newYaml),
        RuleRun.of(rule).config(loadConfig(rules + entry)).updateLines(oldYaml, newYaml));
  }

  @Test
  void presentOnlyWhenAbnormalReportsAFalseOne() {
    String yaml = widget(condition("Ready", "True", "Ready", "ok"), condition("Degraded", "False", "AsExpected", "ok"));

    assertEquals(List.of(List.of(), List.of("7:5 warning abnormal-true-condition-absent-when-false /status/conditions/1")),
        withoutAndWith("abnormal-true-condition-absent-when-false", "warning", "presentOnlyWhenAbnormal: [Degraded]", yaml));
  }

  @Test
  void aDependentTypesFalseContradictsATrueSummary() {
    String yaml = widget(condition("Ready", "True", "Ready", "ok"), condition("DatabaseReady", "False", "Down", "ok"));

    assertEquals(List.of(List.of(), List.of("6:27 warning summary-true-while-abnormal /status/conditions/0/status")),
        withoutAndWith("summary-true-while-abnormal", "warning", "dependentTypes: [DatabaseReady]", yaml));
  }

  @Test
  void anImmutableTypeMayNotChange() {
    String before = widget(condition("Approved", "True", "ByPolicy", "ok"));
    String after = widget(condition("Approved", "True", "ByAdmin", "ok"));

    assertEquals(List.of(List.of(), List.of("6:46 error immutable-condition-modified /status/conditions/0/reason")),
        updateWithoutAndWith("immutable-condition-modified", "error", "immutableTypes: [Approved]", before, after));
  }

  @Test
  void aMonotonicTypeMayNotLeaveItsTerminalStatus() {
    String before = widget(condition("Succeeded", "True", "Done", "ok"));
    String after = widget(condition("Succeeded", "False", "Failed", "ok"));

    assertEquals(List.of(List.of(), List.of("6:31 warning monotonic-condition-regressed /status/conditions/0/status")),
        updateWithoutAndWith("monotonic-condition-regressed", "warning", "monotonicTypes: {Succeeded: \"True\"}",
            before, after));
  }

  @Test
  void aRemovableTypeMayBeRemoved() {
    String before = widget(condition("Ready", "True", "Ready", "ok"), condition("Issuing", "True", "Renewing", "ok"));
    String after = widget(condition("Ready", "True", "Ready", "ok"));

    assertEquals(List.of(List.of("5:3 info condition-removed /status/conditions"), List.of()),
        updateWithoutAndWith("condition-removed", "info", "removableTypes: [Issuing]", before, after));
  }

  @Test
  void anObservedStateIsNotATransition() {
    String yaml = widget(condition("Syncing", "True", "Started", "ok"));

    assertEquals(List.of(List.of("6:12 info condition-type-observed-state /status/conditions/0/type"), List.of()),
        withoutAndWith("condition-type-observed-state", "info", "observedStateAllowList: [Syncing]", yaml));
  }

  @Test
  void anApiDefinedTypeNeedsNoDomainPrefix() {
    String yaml = widget(condition("CacheWarm", "True", "Warmed", "ok"));

    assertEquals(List.of(List.of("6:12 info gateway-custom-type-prefixed /status/conditions/0/type"), List.of()),
        withoutAndWith("gateway-custom-type-prefixed", "info", "apiDefinedTypes: [CacheWarm]", yaml));
  }

  @Test
  void aRepeatableTypeMayAppearMoreThanOnceEvenWithOneReason() {
    // Strimzi's ValidationVisitor writes one Warning per deprecated field, each with reason DeprecatedFields.
    String yaml = widget(condition("Warning", "True", "DeprecatedFields", "spec.a has been deprecated"),
        condition("Warning", "True", "DeprecatedFields", "spec.b has been deprecated"),
        condition("Ready", "True", "Ready", "ok"), condition("Ready", "True", "Ready", "ok"));

    // Only the stated type may repeat: the second Ready is still reported.
    assertEquals(List.of(
            List.of("7:12 error condition-type-unique /status/conditions/1/type",
                "9:12 error condition-type-unique /status/conditions/3/type"),
            List.of("9:12 error condition-type-unique /status/conditions/3/type")),
        withoutAndWith("condition-type-unique", "error", "repeatableTypes: [Warning]", yaml));
  }

  @Test
  void aStatedReasonMaxLengthIsTheLimit() {
    // An error, as other reason-format findings on it: all five of metav1.Condition's fields infer its values.
    String yaml = widget(condition("Ready", "True", "ReconciliationSucceededAtLast", "ok"));

    assertEquals(List.of(List.of(), List.of("6:43 error condition-reason-format /status/conditions/0/reason")),
        withoutAndWith("condition-reason-format", "error", "constraints: {reason: {maxLength: 20}}", yaml));
  }

  @Test
  void aStatedMessageMinLengthRejectsAnEmptyMessage() {
    String yaml = widget(condition("Ready", "True", "Ready", ""));

    assertEquals(List.of(List.of(), List.of("6:59 error condition-message-maxlength /status/conditions/0/message")),
        withoutAndWith("condition-message-maxlength", "error", "constraints: {message: {minLength: 1}}", yaml));
  }

  @Test
  void aStatedFamilyBringsItsLimits() {
    // 261 characters: a prefix of 240 and a name of 20, within built-in validation's 253 and 63.
    String yaml = widget(condition("a".repeat(236) + ".com/" + "B".repeat(20), "True", "Ready", "ok"));

    assertEquals(List.of(List.of(), List.of("6:12 error condition-type-format /status/conditions/0/type")),
        withoutAndWith("condition-type-format", "error", "family: capi-v1beta1", yaml),
        "Cluster API v1beta1's type is at most 256 characters, metav1's 316");
  }
}
