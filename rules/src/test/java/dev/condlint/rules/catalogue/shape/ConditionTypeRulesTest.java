package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A02 condition-type-required, A03 condition-type-format and A04 condition-type-unique. */
class ConditionTypeRulesTest {
  private static final String REQUIRED = "condition-type-required";
  private static final String FORMAT = "condition-type-format";
  private static final String UNIQUE = "condition-type-unique";

  private static String withType(String typeLine) {
    return ShapeFindings.DATABASE + "  - " + typeLine + "\n    status: \"True\"\n";
  }

  private static String longType(String prefix, int nameLength) {
    return prefix + "R" + "e".repeat(nameLength - 1);
  }

  @Test
  void aMissingOrEmptyTypeIsReportedAtTheCondition() {
    String yaml = ShapeFindings.DATABASE + "  - status: \"True\"\n  - type: \"\"\n    status: \"True\"\n";
    assertEquals(
        List.of("7:5 error condition-type-required /status/conditions/0/type",
            "8:11 error condition-type-required /status/conditions/1/type"),
        ShapeFindings.of(REQUIRED, "k8s", yaml));
  }

  @Test
  void aNonStringTypeFromJsonIsReportedButAnUnquotedYamlNumberIsLeftToA06() {
    Document json =
        ShapeFindings.json("[{\"type\":42,\"status\":\"True\"}]");
    assertEquals(List.of("- error condition-type-required /status/conditions/0/type"),
        ShapeFindings.of(REQUIRED, "k8s", json));
    assertEquals("Condition #0 has a type that is the number 42, not a string; the type is required and identifies"
        + " the condition.", ShapeFindings.findings(REQUIRED, "k8s", json).get(0).message());
    String yaml = withType("type: 1.0");
    assertEquals(List.of(), ShapeFindings.of(REQUIRED, "k8s", yaml));
    assertEquals(List.of("7:11 error condition-field-yaml-type /status/conditions/0/type"),
        ShapeFindings.of("condition-field-yaml-type", "k8s", yaml));
  }

  @Test
  void typesOutsideThePatternAreErrorsAndTheProfilesOfLooseSchemasMakeThemWarnings() {
    String yaml = withType("type: Ready!");
    assertEquals(List.of("7:11 error condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "k8s", yaml));
    assertEquals(List.of("7:11 warning condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "knative", yaml));
    assertEquals(List.of("7:11 warning condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "cert-manager", yaml));
    assertEquals(List.of("7:11 warning condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "capi-v1beta1", yaml));
  }

  @Test
  void thePatternIsAnchoredAtTheVeryEndSoATrailingNewlineFails() {
    assertEquals(List.of("7:11 error condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "k8s", withType("type: \"Ready\\n\"")));
    assertEquals(List.of(), ShapeFindings.of(FORMAT, "k8s", withType("type: example.com/Cache-Warm_1.0")));
  }

  @Test
  void moreThanOneSlashFailsThePatternOnce() {
    List<Finding> findings =
        ShapeFindings.findings(FORMAT, "k8s", YamlFixtures.document(withType("type: example.com/a/Ready")));
    assertEquals(1, findings.size());
    assertEquals("Type \"example.com/a/Ready\" does not match `(dns-subdomain/)?Name` (it has more than one '/');"
        + " metav1.Condition's schema and built-in validation reject such a type.", findings.get(0).message());
  }

  @Test
  void aTypeLongerThanTheProfilesLimitIsReported() {
    String t317 = longType("example.com/", 305);
    assertEquals(List.of("7:11 error condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "k8s", withType("type: " + t317)));
    String t257 = longType("", 257);
    assertEquals(List.of("7:11 warning condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "capi-v1beta1", withType("type: " + t257)));
  }

  @Test
  void goLimitsAreAWarningOnCustomResourcesAndAnErrorOnBuiltInKinds() {
    String t64 = longType("example.com/", 64);
    assertEquals(List.of("7:11 warning condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "k8s", withType("type: " + t64)));
    List<Finding> findings =
        ShapeFindings.findings(FORMAT, "k8s", YamlFixtures.document(withType("type: " + t64)));
    assertEquals("Type \"" + t64 + "\": its name part is 64 characters long (at most 63);"
        + " custom resources accept it, but built-in validation (ValidateLabelName) would not.",
        findings.get(0).message());
    String pdb = ShapeFindings.onPodDisruptionBudget(withType("type: " + t64));
    assertEquals(List.of("7:11 error condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "k8s", pdb));
  }

  @Test
  void goLimitsCapThePartsNotTheWholeTypeOnBuiltInKinds() {
    // 253 + 1 + 63 = 317 characters: ValidateLabelName accepts it, the CRD schema (316) does not.
    String prefix = ("a".repeat(62) + ".").repeat(4) + "a".repeat(1) + "/";
    String t = longType(prefix, 63);
    assertEquals(317, t.length());
    String pdb = ShapeFindings.onPodDisruptionBudget(withType("type: " + t));
    assertEquals(List.of(), ShapeFindings.of(FORMAT, "k8s", pdb));
    assertEquals(List.of("7:11 error condition-type-format /status/conditions/0/type"),
        ShapeFindings.of(FORMAT, "k8s", withType("type: " + t)));
  }

  @Test
  void aRepeatedTypeIsReportedOncePerRepetitionWithinItsOwnList() {
    String yaml =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: gw}
        status:
          conditions:
          - {type: Accepted, status: "True"}
          - {type: Programmed, status: "True"}
          - {type: Accepted, status: "False"}
          - {type: Accepted, status: "Unknown"}
          listeners:
          - name: http
            conditions:
            - {type: Accepted, status: "True"}
        """;
    assertEquals(
        List.of("8:12 error condition-type-unique /status/conditions/2/type",
            "9:12 error condition-type-unique /status/conditions/3/type"),
        ShapeFindings.of(UNIQUE, "gateway-api", yaml));
    assertEquals(List.of("8:12 error condition-type-unique /status/conditions/2/type",
            "9:12 error condition-type-unique /status/conditions/3/type"),
        ShapeFindings.of(UNIQUE, "flux", yaml));
  }
}
