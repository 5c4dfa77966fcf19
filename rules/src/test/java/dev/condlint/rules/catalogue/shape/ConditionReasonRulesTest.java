package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A07 condition-reason-required, A08 condition-reason-format and A09 condition-reason-camelcase. */
class ConditionReasonRulesTest {
  private static final String REQUIRED = "condition-reason-required";
  private static final String FORMAT = "condition-reason-format";
  private static final String CAMEL = "condition-reason-camelcase";

  private static String condition(String status, String reasonLine) {
    return ShapeFixtures.DATABASE + "  - type: Ready\n    status: \"" + status + "\"\n"
        + (reasonLine.isEmpty() ? "" : "    " + reasonLine + "\n");
  }

  /** Three conditions without a reason, one per status. */
  private static final String NO_REASONS =
      ShapeFixtures.DATABASE
          + """
              - {type: Ready, status: "True", message: ""}
              - {type: Synced, status: "False", message: ""}
              - {type: Healthy, status: "Unknown", message: ""}
            """;

  @Test
  void aMetav1ContractRequiresAReasonForEveryStatus() {
    assertEquals(
        List.of("6:5 error condition-reason-required /status/conditions/0/reason",
            "7:5 error condition-reason-required /status/conditions/1/reason",
            "8:5 error condition-reason-required /status/conditions/2/reason"),
        RuleRun.of(REQUIRED).contract("metav1").lines(NO_REASONS));
    assertEquals(List.of("8:13 error condition-reason-required /status/conditions/0/reason"),
        RuleRun.of(REQUIRED).contract("metav1").lines(condition("True", "reason: \"\"")));
    assertEquals(
        "Condition \"Ready\" has no reason; its condition type requires one (per .condlint.yaml contracts[0]),"
            + " so that users and tools can tell why the condition is as it is.",
        RuleRun.of(REQUIRED).contract("metav1").findings(YamlFixtures.document(NO_REASONS)).get(0).message());
  }

  @Test
  void aKindWhoseConditionTypeNobodyDeclaredIsNotAskedForAReason() {
    assertEquals(List.of(), RuleRun.of(REQUIRED).lines(NO_REASONS));
    assertEquals(List.of(), RuleRun.of(REQUIRED).lines(condition("True", "reason: \"\"")));
  }

  @Test
  void knativeRequiresAReasonOnlyWhenFalse() {
    assertEquals(List.of("7:5 error condition-reason-required /status/conditions/1/reason"),
        RuleRun.of(REQUIRED).profile("knative").lines(NO_REASONS));
    assertEquals(
        "Condition \"Synced\" has no reason; its condition type requires one when the status is \"False\" (per"
            + " --profile knative), so that users and tools can tell why the condition is as it is.",
        RuleRun.of(REQUIRED).profile("knative").findings(YamlFixtures.document(NO_REASONS)).get(0).message());
  }

  @Test
  void certManagerAndClusterApiV1beta1ConditionsHaveAnOptionalReason() {
    assertEquals(List.of(), RuleRun.of(REQUIRED).profile("cert-manager").lines(NO_REASONS));
    assertEquals(List.of(), RuleRun.of(REQUIRED).profile("capi-v1beta1").lines(NO_REASONS));
  }

  @Test
  void reasonsOutsideThePatternAreErrorsWhereTheSchemaHasIt() {
    assertEquals(List.of("8:13 error condition-reason-format /status/conditions/0/reason"),
        RuleRun.of(FORMAT).contract("metav1").lines(condition("False", "reason: \"valid,val:\"")));
    assertEquals(List.of("8:13 error condition-reason-format /status/conditions/0/reason"),
        RuleRun.of(FORMAT).contract("metav1").lines(condition("False", "reason: ExitCode-1")));
    assertEquals(List.of("8:13 error condition-reason-format /status/conditions/0/reason"),
        RuleRun.of(FORMAT).contract("metav1").lines(condition("False", "reason: \"Failed\\n\"")));
    for (String ok : List.of("ExitCode127", "\"ReasonA:ReasonB\"", "\"ReasonA,ReasonB\"", "my_name", "MY_NAME", "X")) {
      assertEquals(List.of(), RuleRun.of(FORMAT).contract("metav1").lines(condition("False", "reason: " + ok)), ok);
    }
  }

  @ParameterizedTest
  @CsvSource({"metav1, error", "operatorpkg, error", "karpenter-nodeclaim, error",
      "knative, info", "capi-v1beta1, info", "crossplane, info", "pod, info"})
  void theFamiliesWhoseConstraintsGiveTheReasonAPatternMakeItAnError(String family, String severity) {
    assertEquals(List.of("8:13 " + severity + " condition-reason-format /status/conditions/0/reason"),
        RuleRun.of(FORMAT).contract(family).lines(condition("False", "reason: Image pull failed")));
  }

  @Test
  void aKindWhoseSchemaNobodyDeclaredGetsAnInfoNamingTheConvention() {
    String bad = condition("False", "reason: K8s creation success");
    assertEquals(List.of("8:13 info condition-reason-format /status/conditions/0/reason"),
        RuleRun.of(FORMAT).lines(bad));
    assertEquals("Condition \"Ready\" has reason \"K8s creation success\", which is not a one-word identifier"
            + " matching `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters, digits, '_', ','"
            + " and ':'; a letter, digit or '_' last); metav1.Condition's schema would reject it, and tools that"
            + " match reasons expect such an identifier.",
        RuleRun.of(FORMAT).findings(YamlFixtures.document(bad)).get(0).message());
  }

  @Test
  void looseSchemaProfilesGiveThePatternOnlyAsAConventionAndClusterApiV1beta1CapsAt256() {
    String bad = condition("False", "reason: Image pull failed");
    for (String profile : List.of("knative", "cert-manager", "capi-v1beta1")) {
      assertEquals(List.of("8:13 info condition-reason-format /status/conditions/0/reason"),
          RuleRun.of(FORMAT).profile(profile).lines(bad), profile);
    }
    String r257 = condition("False", "reason: R" + "e".repeat(256));
    assertEquals(List.of("8:13 warning condition-reason-format /status/conditions/0/reason"),
        RuleRun.of(FORMAT).profile("capi-v1beta1").lines(r257));
    assertEquals(List.of(), RuleRun.of(FORMAT).profile("k8s").lines(r257));
    String r1025 = condition("False", "reason: R" + "e".repeat(1024));
    assertEquals(List.of("8:13 error condition-reason-format /status/conditions/0/reason"),
        RuleRun.of(FORMAT).contract("metav1").lines(r1025));
    assertEquals("Condition \"Ready\" has a reason of 1025 characters, more than 1024; its condition type's"
            + " schema rejects it.",
        RuleRun.of(FORMAT).contract("metav1").findings(YamlFixtures.document(r1025)).get(0).message());
  }

  @Test
  void aNonStringReasonFromJsonIsAFormatError() {
    Document json =
        ShapeFixtures.json("[{\"type\":\"Ready\",\"status\":\"False\",\"reason\":[\"A\"]}]");
    assertEquals(List.of("- error condition-reason-format /status/conditions/0/reason"),
        RuleRun.of(FORMAT).profile("k8s").lines(json));
    assertEquals(List.of(), RuleRun.of(REQUIRED).profile("k8s").lines(json));
  }

  @Test
  void validReasonsThatAreNotOneCamelCaseWordAreWarnings() {
    for (String reason : List.of("image_pull_failed", "MY_NAME", "\"ReasonA,ReasonB\"", "\"ReasonA:ReasonB\"",
        "imagePullFailed")) {
      assertEquals(List.of("8:13 warning condition-reason-camelcase /status/conditions/0/reason"),
          RuleRun.of(CAMEL).profile("k8s").lines(condition("False", "reason: " + reason)), reason);
    }
    assertEquals(List.of(), RuleRun.of(CAMEL).profile("k8s").lines(condition("False", "reason: ExitCode127")));
  }

  @Test
  void aReasonBreakingThePatternIsOnlyA08sFinding() {
    String yaml = condition("False", "reason: image pull failed");
    assertEquals(List.of(), RuleRun.of(CAMEL).profile("k8s").lines(yaml));
    assertEquals(List.of("8:13 error condition-reason-format /status/conditions/0/reason"),
        RuleRun.of(FORMAT).contract("metav1").lines(yaml));
  }
}
