package dev.condlint.rules.catalogue.sample;

import static dev.condlint.rules.testing.CrdFixtures.conditionsStatus;
import static dev.condlint.rules.testing.CrdFixtures.crd;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the sample rules share the work with the condition rules. */
class SampleRulesTest {
  /** A condition's status as metav1.Condition's schema has it. */
  private static final String STATUS_ENUM = "status: {type: string, enum: [\"True\", \"False\", \"Unknown\"]}";

  private static final String CRD_AND_SAMPLE =
      crd("Widget", "example.com", "v1", conditionsStatus("", "", "type: {type: string}", STATUS_ENUM)) + widget("""
      conditions:
      - type: Ready
        status: True
      - type: Synced
        status: "Yes"
      """);

  private static final String WIDGET_CRD = widgetCrd("");

  /**
   * A Widget CRD whose status has replicas (at most 3), ready (a string) and conditions of a string type,
   * a metav1 status and an observedGeneration, and these more properties, that require these fields
   * (none when empty).
   */
  private static String widgetCrd(String required, String... moreItemProperties) {
    List<String> itemProperties = new ArrayList<>(
        List.of("type: {type: string}", STATUS_ENUM, "observedGeneration: {type: integer, minimum: 0}"));
    itemProperties.addAll(List.of(moreItemProperties));
    return crd("Widget", "example.com", "v1", conditionsStatus(
        "replicas: {type: integer, maximum: 3}\nready: {type: string}", required, itemProperties.toArray(String[]::new)));
  }

  @Test
  void aWrongConditionStatusIsTheConditionRulesFindingNotTheSchemas() {
    // Both break the enum; the unquoted boolean is A06's (quote it), the wrong string A05's.
    assertEquals(
        List.of(
            "36:13 error condition-field-yaml-type /status/conditions/0/status",
            "38:13 error condition-status-value /status/conditions/1/status"),
        sampleFindings(CRD_AND_SAMPLE));
  }

  @Test
  void plainNumbersAndBooleansOutsideConditionStringFieldsAreTheSchemasFindings() {
    // Only a condition's type, status, reason and message are rule A06's; every other plain scalar
    // that breaks the schema, or that the schema does not know, is the sample rules' to report.
    String yaml =
        WIDGET_CRD + widget("""
        replicas: 5
        ready: true
        healthy: yes
        conditions:
        - type: Ready
          status: True
        """);
    assertEquals(
        List.of(
            "37:13 error sample-status-schema /status/replicas",
            "38:10 error sample-status-schema /status/ready",
            "39:12 warning sample-status-schema /status/healthy",
            "42:13 error condition-field-yaml-type /status/conditions/0/status"),
        sampleFindings(yaml));
  }

  @Test
  void aNullTheSchemaDoesNotAllowIsAWarningThatTheApiServerDropsIt() {
    String yaml = WIDGET_CRD + widget("""
        ready: null
        conditions:
        - type: Ready
          status: null
        """);
    List<String> found = RuleRun
        .where(f -> f.ruleId().startsWith("sample-") || f.ruleId().equals("condition-field-yaml-type"))
        .withoutNow().findings(yaml).stream()
        .map(f -> f.position().orElseThrow() + " " + f.severity().label() + " " + f.ruleId() + ": " + f.message()
            + " | " + f.hint())
        .toList();
    // The unquoted null in a condition's status is A06's (with its fix), not a second finding here.
    assertEquals(
        List.of(
            "37:10 warning sample-status-schema: status.ready is null, which its schema does not allow (not"
                + " nullable), so the API server drops it (CRD widgets.example.com, version example.com/v1) | Remove"
                + " the field, or declare it `nullable: true` in the CRD's schema if null is meant.",
            "40:13 error condition-field-yaml-type: `status: null` is unquoted, so kubectl reads it as null, not a"
                + " string; the API server rejects a status that is not a string. | Quote it: `status: \"null\"`."),
        found);
  }

  @Test
  void theCrdsConditionItemSchemaPicksTheFieldSetOfItsSamples() {
    // A Knative-style item schema in a group whose profile is k8s: severity is one of its fields and
    // message is optional, so the sample's conditions are judged by that, not by metav1.Condition's.
    String[] knativeStyleItem = {"type: {type: string}", "status: {type: string}", "severity: {type: string}",
        "reason: {type: string}", "message: {type: string}", "lastTransitionTime: {type: string}"};
    String knativeStyle = crd("Widget", "example.com", "v1", conditionsStatus("", "[type, status]", knativeStyleItem));
    String sample =
        widget("""
        conditions:
        - type: Ready
          status: "True"
          severity: Info
          reason: Serving
          lastTransitionTime: "2024-05-01T12:00:00Z"
        """);
    assertEquals(List.of(), fieldSetFindings(knativeStyle + sample));

    // Without the CRD nobody declares the Widget's condition type, so neither rule speaks of its fields.
    assertEquals(List.of(), fieldSetFindings(sample.replace("---\n", "")));

    assertEquals(
        List.of("40:5 condition-message-present /status/conditions/0/message"),
        fieldSetFindings(
            crd("Widget", "example.com", "v1", conditionsStatus("", "[type, status, message]", knativeStyleItem)) + sample));
  }

  @Test
  void aConditionMistakeThatAConditionRuleReportsIsNotReportedAgainByTheSchema() {
    // The metav1 item schema rejects a missing message, a lower-case status and an unknown field too,
    // but the condition rules say so already, with their own fixes: one node, one finding.
    String yaml = widgetCrd("[type, status, message]", "message: {type: string}") + widget("""
        replicas: 5
        conditions:
        - type: Ready
          status: "true"
          lastHeartbeatTime: "2024-05-01T12:00:00Z"
        """);
    assertEquals(
        List.of(
            "39:13 error sample-status-schema /status/replicas",
            "41:5 error condition-message-present /status/conditions/0/message",
            "42:13 error condition-status-value /status/conditions/0/status",
            "43:24 warning condition-unknown-field /status/conditions/0/lastHeartbeatTime"),
        RuleRun.where(f -> !f.object().isCustomResourceDefinition())
            .and(f -> !f.ruleId().startsWith("condition-reason") && !f.ruleId().startsWith("condition-last"))
            .and(f -> !f.ruleId().equals("summary-condition-present") && !f.ruleId().startsWith("kstatus"))
            .withoutNow().lines(yaml));
  }

  @Test
  void aSuppressedConditionRuleLeavesTheSchemaFindingOnTheSameNode() {
    // The user silences condition-status-value, not the API server: the sample is still rejected.
    List<String> found = statusFindings("condition-status-value");
    assertEquals(
        List.of("42:13 error sample-status-schema /status/conditions/0/status: "
            + "status.conditions[0].status: does not have a value in the enumeration [\"True\", \"False\", \"Unknown\"]"
            + " (CRD widgets.example.com, version example.com/v1)"),
        found);
  }

  @Test
  void anIgnoreOfTheSchemaRuleWhoseFindingWouldHaveSteppedBackIsNotUnused() {
    // It matched the schema finding, which the condition rule's covers; it is kept for the day the
    // condition rule is off or ignored, so suppression-unused does not ask to remove it.
    assertEquals(
        List.of("42:13 error condition-status-value /status/conditions/0/status: Condition \"Ready\" has status"
            + " \"true\"; the status must be \"True\", \"False\" or \"Unknown\"."),
        statusFindings("sample-status-schema"));
  }

  /** The findings on the status of a lower-case "true" condition, and any unused suppression. */
  private static List<String> statusFindings(String ignored) {
    String yaml = WIDGET_CRD + """
        ---
        apiVersion: example.com/v1
        kind: Widget
        metadata:
          name: w
          annotations:
            condlint.dev/ignore: %s
        status:
          conditions:
          - type: Ready
            status: "true"
        """.formatted(ignored);
    return RuleRun
        .where(f -> f.pointer().equals("/status/conditions/0/status") || f.ruleId().equals("suppression-unused"))
        .withoutNow().findings(yaml).stream()
        .map(f -> f.position().orElseThrow() + " " + f.severity().label() + " " + f.ruleId() + " " + f.pointer()
            + ": " + f.message())
        .toList();
  }

  @Test
  void aSchemaErrorStaysWhereTheConditionRuleIsOnlyAWarning() {
    // Under the knative profile a type outside the metav1 pattern is a warning (its own schemas have
    // no pattern); a CRD that has the pattern makes the API server reject it, which the schema says.
    String yaml = WIDGET_CRD.replace("type: {type: string}", "type: {type: string, pattern: '^[A-Za-z]+$'}")
        + widget("""
        conditions:
        - type: Ready!
          status: "True"
        """);
    assertEquals(
        List.of(
            "38:11 warning condition-type-format /status/conditions/0/type",
            "38:11 error sample-status-schema /status/conditions/0/type"),
        RuleRun.where(f -> f.pointer().equals("/status/conditions/0/type")).profile("knative").withoutNow().lines(yaml));
  }

  /** A Widget named w, after a CRD in the same file, with this status (YAML at column 0). */
  private static String widget(String status) {
    return """
        ---
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w}
        status:
        %s""".formatted(status.indent(2));
  }

  /** The sample's A10 and A15 findings, which the field set of the sample's CRD (if any) decides. */
  private static List<String> fieldSetFindings(String yaml) {
    return RuleRun.of("condition-unknown-field", "condition-message-present").withoutNow().findings(yaml).stream()
        .map(f -> f.position().orElseThrow() + " " + f.ruleId() + " " + f.pointer())
        .toList();
  }

  private static List<String> sampleFindings(String yaml) {
    return RuleRun
        .where(f -> f.ruleId().startsWith("sample-") || f.ruleId().equals("condition-field-yaml-type")
            || f.ruleId().equals("condition-status-value"))
        .withoutNow().lines(yaml);
  }
}
