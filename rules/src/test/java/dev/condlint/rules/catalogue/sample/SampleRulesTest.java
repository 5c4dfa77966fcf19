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
                + " string; the API server rejects a status that is not a string. | Write the status as a quoted"
                + " \"True\", \"False\" or \"Unknown\": `status: \"Unknown\"` when it cannot be decided yet."),
        found);
  }

  @Test
  void aRequiredFieldTheSampleLacksAsksForTheFieldNotForAnotherValue() {
    String yaml = crd("Widget", "example.com", "v1", """
        type: object
        required: [ready]
        properties:
          replicas: {type: integer}
          ready: {type: string}
        """) + widget("""
        replicas: 2
        """);
    List<String> found = RuleRun.where(f -> f.ruleId().startsWith("sample-")).withoutNow().findings(yaml).stream()
        .map(f -> f.position().orElseThrow() + " " + f.severity().label() + " " + f.ruleId() + ": " + f.message()
            + " | " + f.hint())
        .toList();
    assertEquals(
        // At the status: line (the field is absent), asking for the field rather than for another value.
        List.of("29:1 error sample-status-schema: status: required field 'ready' is missing (CRD"
            + " widgets.example.com, version example.com/v1) | Add the field, or remove it from the schema's"
            + " `required` list if it is meant to be optional."),
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
}
