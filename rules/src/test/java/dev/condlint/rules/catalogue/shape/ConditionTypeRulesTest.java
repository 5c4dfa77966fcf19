package dev.condlint.rules.catalogue.shape;

import static dev.condlint.rules.testing.ObjectFixtures.GATEWAY_API;
import static dev.condlint.rules.testing.ObjectFixtures.withStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A02 condition-type-required, A03 condition-type-format and A04 condition-type-unique. */
class ConditionTypeRulesTest {
  private static final String REQUIRED = "condition-type-required";
  private static final String FORMAT = "condition-type-format";
  private static final String UNIQUE = "condition-type-unique";

  private static String withType(String typeLine) {
    return ShapeFixtures.DATABASE + "  - " + typeLine + "\n    status: \"True\"\n";
  }

  private static String longType(String prefix, int nameLength) {
    return prefix + "R" + "e".repeat(nameLength - 1);
  }

  @Test
  void aNonStringTypeFromJsonIsReportedButAnUnquotedYamlNumberIsLeftToA06() {
    Document json =
        ShapeFixtures.json("[{\"type\":42,\"status\":\"True\"}]");
    assertEquals(List.of("- error condition-type-required /status/conditions/0/type"),
        RuleRun.of(REQUIRED).profile("k8s").lines(json));
    assertEquals("Condition #0 has a type that is the number 42, not a string; the type is required and identifies"
        + " the condition.", RuleRun.of(REQUIRED).profile("k8s").findings(json).get(0).message());
    String yaml = withType("type: 1.0");
    assertEquals(List.of(), RuleRun.of(REQUIRED).profile("k8s").lines(yaml));
    assertEquals(List.of("6:11 error condition-field-yaml-type /status/conditions/0/type"),
        RuleRun.of("condition-field-yaml-type").profile("k8s").lines(yaml));
  }

  @Test
  void typesOutsideThePatternAreErrorsWhereTheSchemaHasItAndInfosOnAKindNobodyDeclares() {
    String yaml = withType("type: Ready!");
    assertEquals(List.of("6:11 error condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).profile("k8s").lines(ShapeFixtures.onPodDisruptionBudget(yaml)));
    assertEquals(List.of("6:11 error condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).contract("metav1").lines(yaml));
    for (String profile : List.of("k8s", "knative", "cert-manager", "capi-v1beta1")) {
      assertEquals(List.of("6:11 info condition-type-format /status/conditions/0/type"),
          RuleRun.of(FORMAT).profile(profile).lines(yaml), profile);
    }
  }

  @Test
  void thePatternIsAnchoredAtTheVeryEndSoATrailingNewlineFails() {
    assertEquals(List.of("6:11 error condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).contract("metav1").lines(withType("type: \"Ready\\n\"")));
    assertEquals(List.of(), RuleRun.of(FORMAT).profile("k8s").lines(withType("type: example.com/Cache-Warm_1.0")));
  }

  @Test
  void moreThanOneSlashFailsThePatternOnce() {
    List<Finding> findings =
        RuleRun.of(FORMAT).contract("metav1").findings(YamlFixtures.document(withType("type: example.com/a/Ready")));
    assertEquals(1, findings.size());
    assertEquals("Type \"example.com/a/Ready\" does not match `(dns-subdomain/)?Name` (it has more than one '/');"
        + " metav1.Condition's schema and built-in validation reject such a type.", findings.get(0).message());
  }

  @Test
  void aTypeLongerThanItsFamilysLimitIsReportedAndThanMetav1sConventionAnInfo() {
    String t317 = longType("example.com/", 305);
    assertEquals(List.of("6:11 error condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).contract("metav1").lines(withType("type: " + t317)));
    assertEquals(List.of("6:11 info condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).profile("k8s").lines(withType("type: " + t317)));
    String t257 = longType("", 257);
    assertEquals(List.of("6:11 error condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).contract("capi-v1beta1").lines(withType("type: " + t257)));
    // The profile declares its kinds' conditions Cluster API v1beta1's: its limit, at the profile's level.
    assertEquals(List.of("6:11 warning condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).profile("capi-v1beta1").lines(withType("type: " + t257)));
  }

  @Test
  void goLimitsAreAnInfoOnCustomResourcesAndAnErrorOnBuiltInKinds() {
    String t64 = longType("example.com/", 64);
    assertEquals(List.of("6:11 info condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).profile("k8s").lines(withType("type: " + t64)));
    assertEquals(List.of("6:11 info condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).contract("metav1").lines(withType("type: " + t64)));
    List<Finding> findings =
        RuleRun.of(FORMAT).profile("k8s").findings(YamlFixtures.document(withType("type: " + t64)));
    assertEquals("Type \"" + t64 + "\": its name part is 64 characters long (at most 63);"
        + " custom resources accept it, but built-in validation (ValidateLabelName) would not.",
        findings.get(0).message());
    String pdb = ShapeFixtures.onPodDisruptionBudget(withType("type: " + t64));
    assertEquals(List.of("6:11 error condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).profile("k8s").lines(pdb));
  }

  @Test
  void goLimitsCapThePartsNotTheWholeTypeOnBuiltInKinds() {
    // 253 + 1 + 63 = 317 characters: ValidateLabelName accepts it, the CRD schema (316) does not.
    String prefix = ("a".repeat(62) + ".").repeat(4) + "a".repeat(1) + "/";
    String t = longType(prefix, 63);
    assertEquals(317, t.length());
    String pdb = ShapeFixtures.onPodDisruptionBudget(withType("type: " + t));
    assertEquals(List.of(), RuleRun.of(FORMAT).profile("k8s").lines(pdb));
    assertEquals(List.of("6:11 error condition-type-format /status/conditions/0/type"),
        RuleRun.of(FORMAT).contract("metav1").lines(withType("type: " + t)));
  }

  @Test
  void aRepeatedTypeIsReportedOncePerRepetitionWithinItsOwnList() {
    String yaml = withStatus(GATEWAY_API, "Gateway", "gw", """
        conditions:
        - {type: Accepted, status: "True"}
        - {type: Programmed, status: "True"}
        - {type: Accepted, status: "False"}
        - {type: Accepted, status: "Unknown"}
        listeners:
        - name: http
          conditions:
          - {type: Accepted, status: "True"}
        """);
    assertEquals(
        List.of("8:12 error condition-type-unique /status/conditions/2/type",
            "9:12 error condition-type-unique /status/conditions/3/type"),
        RuleRun.of(UNIQUE).profile("gateway-api").lines(yaml));
    assertEquals(List.of("8:12 error condition-type-unique /status/conditions/2/type",
            "9:12 error condition-type-unique /status/conditions/3/type"),
        RuleRun.of(UNIQUE).profile("flux").lines(yaml));
  }
}
