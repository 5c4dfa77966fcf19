package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleExample;
import dev.condlint.rules.testing.RuleRun;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A03 condition-type-format, A08 condition-reason-format and A11 condition-message-maxlength hold a
 * value to a pattern or length only as loudly as what states the limit: the kind's declared schema (an
 * error), an inferred schema the list is held to (a warning), or only the convention (an info naming
 * it). ValidateLabelName's 253/63 limits are stated by no CRD: on a custom resource they are an info.
 */
class ConventionLimitsTest {
  private static final RuleRun FORMATS =
      RuleRun.of("condition-type-format", "condition-reason-format", "condition-message-maxlength");

  /** A name part of 64 characters after a prefix. */
  private static final String T64 = "example.com/R" + "e".repeat(63);
  /** 317 characters: over metav1.Condition's maxLength 316, within ValidateLabelName's parts. */
  private static final String T317 = ("a".repeat(62) + ".").repeat(4) + "a/R" + "e".repeat(62);

  /** Line, severity, rule, pointer and basis of each finding. */
  private static List<String> described(List<Finding> findings) {
    return findings.stream()
        .map(f -> RuleRun.line(f) + " | " + f.basis().map(Object::toString).orElse("-"))
        .toList();
  }

  private static String database(String condition) {
    return """
        apiVersion: example.com/v1
        kind: Database
        metadata: {name: db}
        status:
          conditions:
          - %s
        """.formatted(condition);
  }

  @Test
  void theNamePartLimitIsAnErrorOnBuiltInKindsAndAnInfoNamingTheConventionOnCustomResources() {
    String condition = "{type: " + T64 + ", status: \"True\"}";
    assertEquals(List.of("6:12 info condition-type-format /status/conditions/0/type | inferred: no declared"
            + " condition schema; ValidateLabelName's limits on built-in kinds as the convention"),
        described(FORMATS.findings(database(condition))));
    assertEquals("Type \"" + T64 + "\": its name part is 64 characters long (at most 63); custom resources"
        + " accept it, but built-in validation (ValidateLabelName) would not.",
        RuleRun.only(FORMATS.findings(database(condition))).message());
    String pdb = database(condition).replace("apiVersion: example.com/v1", "apiVersion: policy/v1")
        .replace("kind: Database", "kind: PodDisruptionBudget");
    assertEquals(List.of("6:12 error condition-type-format /status/conditions/0/type"),
        RuleRun.lines(FORMATS.findings(pdb)));
  }

  @Test
  void onAKindNobodyDeclaresMetav1sPatternsAndLengthsAreInfos() {
    String yaml = database("{type: Ready!, status: \"False\", reason: not a reason, message: m}")
        + "---\n" + database("{type: " + T317 + ", status: \"True\"}").replace("name: db", "name: db2");
    assertEquals(List.of(
            "6:12 info condition-type-format /status/conditions/0/type | inferred: no declared condition schema;"
                + " metav1.Condition's type pattern as the convention",
            "6:45 info condition-reason-format /status/conditions/0/reason | inferred: no declared condition"
                + " schema; metav1.Condition's reason pattern as the convention",
            "13:12 info condition-type-format /status/conditions/0/type | inferred: no declared condition schema;"
                + " metav1's type maxLength 316 as the convention"),
        described(FORMATS.findings(yaml)));
  }

  @Test
  void anInferredMetav1ListIsHeldToItsPatternsAtWarning() {
    String yaml = database("{type: Ready!, status: \"False\", reason: not a reason, message: m,"
        + " lastTransitionTime: \"2024-01-01T00:00:00Z\", observedGeneration: 1}");
    String basis = " | inferred: the fields its conditions carry (observedGeneration, as"
        + " k8s.io/apimachinery/pkg/apis/meta/v1.Condition has)";
    assertEquals(List.of(
            "6:12 warning condition-type-format /status/conditions/0/type" + basis,
            "6:45 warning condition-reason-format /status/conditions/0/reason" + basis),
        described(FORMATS.findings(yaml)));
  }

  /** A CRD generated from metav1.Condition by controller-gen: every one of its markers. */
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
                            type: {type: string, maxLength: 316, pattern: '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$'}
                            status: {type: string, enum: ["True", "False", "Unknown"]}
                            observedGeneration: {type: integer, format: int64, minimum: 0}
                            lastTransitionTime: {type: string, format: date-time}
                            reason: {type: string, maxLength: 1024, minLength: 1, pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$'}
                            message: {type: string, maxLength: 32768}
      """;

  private static String gadget(String type) {
    return """
        ---
        apiVersion: example.com/v1
        kind: Gadget
        metadata: {name: g}
        status:
          conditions:
          - {type: %s, status: "False", reason: not a reason, message: m, lastTransitionTime: "2024-01-01T00:00:00Z"}
        """.formatted(type);
  }

  @Test
  void aCrdThatDeclaresMetav1sMarkersKeepsTheirLevelButNotTheNamePartLimit() {
    assertEquals(List.of(
            "37:12 error condition-type-format /status/conditions/0/type | -",
            "37:45 error condition-reason-format /status/conditions/0/reason | -"),
        described(FORMATS.findings(GADGET_CRD + gadget("Ready!"))));
    assertEquals(List.of(
            "37:12 error condition-type-format /status/conditions/0/type | -",
            "37:356 error condition-reason-format /status/conditions/0/reason | -"),
        described(FORMATS.findings(GADGET_CRD + gadget(T317))));
    assertEquals(List.of(
            "37:12 info condition-type-format /status/conditions/0/type | inferred: the condition type's declared"
                + " schema does not state it; ValidateLabelName's limits on built-in kinds as the convention",
            "37:115 error condition-reason-format /status/conditions/0/reason | -"),
        described(FORMATS.findings(GADGET_CRD + gadget(T64))));
  }

  @Test
  void aCrdOfALookAlikeTypeWithoutMetav1sMarkersGetsInfosNamingTheConvention() throws IOException {
    String kepler = Files.readString(RuleExample.CATALOGUE.resolve(
        "crd/CrdConditionTypeConstraints/a-look-alike-of-metav1-is-a-type-of-its-own.yaml"));
    String object = """
        ---
        apiVersion: kepler.system.sustainable.computing.io/v1alpha1
        kind: Kepler
        metadata: {name: kepler}
        status:
          conditions:
          - {type: %s, status: "False", reason: not a reason, message: m, lastTransitionTime: "2024-01-01T00:00:00Z"}
        """;
    String declaredNot = " | inferred: the condition type's declared schema does not state it; ";
    assertEquals(List.of(
            "92:12 info condition-type-format /status/conditions/0/type" + declaredNot
                + "metav1.Condition's type pattern as the convention",
            "92:45 info condition-reason-format /status/conditions/0/reason" + declaredNot
                + "metav1.Condition's reason pattern as the convention"),
        described(FORMATS.findings(kepler + object.formatted("Ready!"))));
    assertEquals(List.of("92:12 info condition-type-format /status/conditions/0/type" + declaredNot
            + "metav1's type maxLength 316 as the convention",
            "92:356 info condition-reason-format /status/conditions/0/reason" + declaredNot
                + "metav1.Condition's reason pattern as the convention"),
        described(FORMATS.findings(kepler + object.formatted(T317))));
  }
}
