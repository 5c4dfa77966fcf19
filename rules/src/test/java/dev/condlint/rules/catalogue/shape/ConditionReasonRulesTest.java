package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A07 condition-reason-required, A08 condition-reason-format and A09 condition-reason-camelcase. */
class ConditionReasonRulesTest {
  private static final String REQUIRED = "condition-reason-required";
  private static final String FORMAT = "condition-reason-format";
  private static final String CAMEL = "condition-reason-camelcase";

  private static String condition(String status, String reasonLine) {
    return ShapeFindings.DATABASE + "  - type: Ready\n    status: \"" + status + "\"\n"
        + (reasonLine.isEmpty() ? "" : "    " + reasonLine + "\n");
  }

  /** Three conditions without a reason, one per status. */
  private static final String NO_REASONS =
      ShapeFindings.DATABASE
          + """
              - {type: Ready, status: "True", message: ""}
              - {type: Synced, status: "False", message: ""}
              - {type: Healthy, status: "Unknown", message: ""}
            """;

  @Test
  void k8sRequiresAReasonForEveryStatus() {
    assertEquals(
        List.of("7:5 error condition-reason-required /status/conditions/0/reason",
            "8:5 error condition-reason-required /status/conditions/1/reason",
            "9:5 error condition-reason-required /status/conditions/2/reason"),
        ShapeFindings.of(REQUIRED, "k8s", NO_REASONS));
    assertEquals(List.of("9:13 error condition-reason-required /status/conditions/0/reason"),
        ShapeFindings.of(REQUIRED, "k8s", condition("True", "reason: \"\"")));
  }

  @Test
  void knativeRequiresAReasonOnlyWhenFalse() {
    assertEquals(List.of("8:5 error condition-reason-required /status/conditions/1/reason"),
        ShapeFindings.of(REQUIRED, "knative", NO_REASONS));
    assertEquals(
        "Condition \"Synced\" has no reason; a reason is required when the status is \"False\" so that users and"
            + " tools can tell why the condition is as it is.",
        ShapeFindings.findings(REQUIRED, "knative", YamlFixtures.document(NO_REASONS)).get(0).message());
  }

  @Test
  void certManagerWarnsAndClusterApiV1beta1DoesNotAsk() {
    assertEquals(3, ShapeFindings.of(REQUIRED, "cert-manager", NO_REASONS).size());
    assertEquals("7:5 warning condition-reason-required /status/conditions/0/reason",
        ShapeFindings.of(REQUIRED, "cert-manager", NO_REASONS).get(0));
    assertEquals(List.of(), ShapeFindings.of(REQUIRED, "capi-v1beta1", NO_REASONS));
  }

  @Test
  void builtInKindsMayOmitTheReason() {
    String pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nstatus:\n  conditions:\n"
        + "  - {type: Ready, status: \"True\"}\n";
    assertEquals(List.of(), ShapeFindings.of(REQUIRED, "k8s", pod));
  }

  @Test
  void reasonsOutsideThePatternAreErrors() {
    assertEquals(List.of("9:13 error condition-reason-format /status/conditions/0/reason"),
        ShapeFindings.of(FORMAT, "k8s", condition("False", "reason: \"valid,val:\"")));
    assertEquals(List.of("9:13 error condition-reason-format /status/conditions/0/reason"),
        ShapeFindings.of(FORMAT, "k8s", condition("False", "reason: ExitCode-1")));
    assertEquals(List.of("9:13 error condition-reason-format /status/conditions/0/reason"),
        ShapeFindings.of(FORMAT, "k8s", condition("False", "reason: \"Failed\\n\"")));
    for (String ok : List.of("ExitCode127", "\"ReasonA:ReasonB\"", "\"ReasonA,ReasonB\"", "my_name", "MY_NAME", "X")) {
      assertEquals(List.of(), ShapeFindings.of(FORMAT, "k8s", condition("False", "reason: " + ok)), ok);
    }
  }

  @Test
  void looseSchemaProfilesWarnAndClusterApiV1beta1CapsAt256() {
    String bad = condition("False", "reason: Image pull failed");
    for (String profile : List.of("knative", "cert-manager", "capi-v1beta1")) {
      assertEquals(List.of("9:13 warning condition-reason-format /status/conditions/0/reason"),
          ShapeFindings.of(FORMAT, profile, bad), profile);
    }
    String r257 = condition("False", "reason: R" + "e".repeat(256));
    assertEquals(List.of("9:13 warning condition-reason-format /status/conditions/0/reason"),
        ShapeFindings.of(FORMAT, "capi-v1beta1", r257));
    assertEquals(List.of(), ShapeFindings.of(FORMAT, "k8s", r257));
    String r1025 = condition("False", "reason: R" + "e".repeat(1024));
    assertEquals(List.of("9:13 error condition-reason-format /status/conditions/0/reason"),
        ShapeFindings.of(FORMAT, "k8s", r1025));
    assertEquals("Condition \"Ready\" has a reason of 1025 characters; at most 1024 are allowed.",
        ShapeFindings.findings(FORMAT, "k8s", YamlFixtures.document(r1025)).get(0).message());
  }

  @Test
  void aNonStringReasonFromJsonIsAFormatError() {
    Document json =
        ShapeFindings.json("[{\"type\":\"Ready\",\"status\":\"False\",\"reason\":[\"A\"]}]");
    assertEquals(List.of("- error condition-reason-format /status/conditions/0/reason"),
        ShapeFindings.of(FORMAT, "k8s", json));
    assertEquals(List.of(), ShapeFindings.of(REQUIRED, "k8s", json));
  }

  @Test
  void validReasonsThatAreNotOneCamelCaseWordAreWarnings() {
    for (String reason : List.of("image_pull_failed", "MY_NAME", "\"ReasonA,ReasonB\"", "\"ReasonA:ReasonB\"",
        "imagePullFailed")) {
      assertEquals(List.of("9:13 warning condition-reason-camelcase /status/conditions/0/reason"),
          ShapeFindings.of(CAMEL, "k8s", condition("False", "reason: " + reason)), reason);
    }
    assertEquals(List.of(), ShapeFindings.of(CAMEL, "k8s", condition("False", "reason: ExitCode127")));
  }

  @Test
  void aReasonBreakingThePatternIsOnlyA08sFinding() {
    String yaml = condition("False", "reason: image pull failed");
    assertEquals(List.of(), ShapeFindings.of(CAMEL, "k8s", yaml));
    assertEquals(List.of("9:13 error condition-reason-format /status/conditions/0/reason"),
        ShapeFindings.of(FORMAT, "k8s", yaml));
  }
}
