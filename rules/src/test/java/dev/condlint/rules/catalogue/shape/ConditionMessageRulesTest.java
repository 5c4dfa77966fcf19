package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A10 condition-message-present and A11 condition-message-maxlength. */
class ConditionMessageRulesTest {
  private static final String PRESENT = "condition-message-present";
  private static final String MAX_LENGTH = "condition-message-maxlength";

  private static String withMessage(String messageLine) {
    return ShapeFindings.DATABASE + "  - type: Ready\n    status: \"False\"\n    reason: Failing\n"
        + (messageLine.isEmpty() ? "" : "    " + messageLine + "\n");
  }


  @Test
  void aMissingOrNullMessageIsAnErrorButAnEmptyOneIsFine() {
    assertEquals(List.of("7:5 error condition-message-present /status/conditions/0/message"),
        ShapeFindings.of(PRESENT, "k8s", withMessage("")));
    // An explicit tag, because a plain `null` is A06's finding (what kubectl makes of an unquoted word).
    assertEquals(List.of("10:14 error condition-message-present /status/conditions/0/message"),
        ShapeFindings.of(PRESENT, "flux", withMessage("message: null").replace("null", "!!null null")));
    assertEquals(List.of(), ShapeFindings.of(PRESENT, "k8s", withMessage("message: \"\"")));
  }

  @Test
  void profilesWithAnOptionalMessageDoNotAsk() {
    for (String profile : List.of("knative", "cert-manager", "capi-v1beta1")) {
      assertEquals(List.of(), ShapeFindings.of(PRESENT, profile, withMessage("")), profile);
    }
    assertEquals(List.of(), ShapeFindings.of(PRESENT, "k8s", ShapeFindings.onPodDisruptionBudget(withMessage(""))));
  }

  @Test
  void aMessageOverTheLimitIsAnErrorQuotedInShort() {
    String yaml = withMessage("message: " + "x".repeat(32769));
    assertEquals(List.of("10:14 error condition-message-maxlength /status/conditions/0/message"),
        ShapeFindings.of(MAX_LENGTH, "k8s", yaml));
    assertEquals("Condition \"Ready\" has a message of 32769 characters (\"" + "x".repeat(80)
            + "\"...); at most 32768 are allowed.",
        ShapeFindings.findings(MAX_LENGTH, "k8s", YamlFixtures.document(yaml)).get(0).message());
    assertEquals(List.of(), ShapeFindings.of(MAX_LENGTH, "k8s", withMessage("message: " + "x".repeat(32768))));
  }

  @Test
  void customResourcesCountCodePointsAndBuiltInKindsCountBytes() {
    String yaml = withMessage("message: " + "é".repeat(20000));
    assertEquals(List.of(), ShapeFindings.of(MAX_LENGTH, "k8s", yaml));
    assertEquals(List.of("10:14 error condition-message-maxlength /status/conditions/0/message"),
        ShapeFindings.of(MAX_LENGTH, "k8s", ShapeFindings.onPodDisruptionBudget(yaml)));
    assertEquals(
        "Condition \"Ready\" has a message of 40000 bytes (\"" + "é".repeat(80) + "\"...); at most 32768 are allowed.",
        ShapeFindings.findings(MAX_LENGTH, "k8s", YamlFixtures.document(ShapeFindings.onPodDisruptionBudget(yaml)))
            .get(0).message());
    // A character outside the BMP is one code point, though two UTF-16 units.
    assertEquals(List.of(), ShapeFindings.of(MAX_LENGTH, "k8s", withMessage("message: " + "😀".repeat(32768))));
  }

  @Test
  void clusterApiV1beta1CapsAt10240AndRejectsAnEmptyMessage() {
    assertEquals(List.of("10:14 error condition-message-maxlength /status/conditions/0/message"),
        ShapeFindings.of(MAX_LENGTH, "capi-v1beta1", withMessage("message: " + "x".repeat(10241))));
    assertEquals(List.of("10:14 error condition-message-maxlength /status/conditions/0/message"),
        ShapeFindings.of(MAX_LENGTH, "capi-v1beta1", withMessage("message: \"\"")));
    assertEquals(List.of(), ShapeFindings.of(MAX_LENGTH, "capi-v1beta1", withMessage("")));
    assertEquals(List.of(), ShapeFindings.of(MAX_LENGTH, "k8s", withMessage("message: \"\"")));
  }
}
