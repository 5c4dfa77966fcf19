package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A10 condition-message-present and A11 condition-message-maxlength. */
class ConditionMessageRulesTest {
  private static final String PRESENT = "condition-message-present";
  private static final String MAX_LENGTH = "condition-message-maxlength";

  private static String withMessage(String messageLine) {
    return ShapeFixtures.DATABASE + "  - type: Ready\n    status: \"False\"\n    reason: Failing\n"
        + (messageLine.isEmpty() ? "" : "    " + messageLine + "\n");
  }


  @Test
  void aMissingOrNullMessageIsAnErrorButAnEmptyOneIsFine() {
    assertEquals(List.of("6:5 error condition-message-present /status/conditions/0/message"),
        RuleRun.of(PRESENT).contract("metav1").lines(withMessage("")));
    // An explicit tag, because a plain `null` is A06's finding (what kubectl makes of an unquoted word).
    assertEquals(List.of("9:14 error condition-message-present /status/conditions/0/message"),
        RuleRun.of(PRESENT).profile("flux").lines(withMessage("message: null").replace("null", "!!null null")));
    assertEquals(List.of(), RuleRun.of(PRESENT).contract("metav1").lines(withMessage("message: \"\"")));
  }

  @Test
  void profilesWithAnOptionalMessageDoNotAsk() {
    for (String profile : List.of("knative", "cert-manager", "capi-v1beta1")) {
      assertEquals(List.of(), RuleRun.of(PRESENT).profile(profile).lines(withMessage("")), profile);
    }
    assertEquals(List.of(), RuleRun.of(PRESENT).profile("k8s").lines(ShapeFixtures.onPodDisruptionBudget(withMessage(""))));
  }

  @Test
  void aMessageOverTheLimitIsAnErrorQuotedInShortWhereDeclaredAndAnInfoByConvention() {
    String yaml = withMessage("message: " + "x".repeat(32769));
    assertEquals(List.of("9:14 error condition-message-maxlength /status/conditions/0/message"),
        RuleRun.of(MAX_LENGTH).contract("metav1").lines(yaml));
    assertEquals("Condition \"Ready\" has a message of 32769 characters (\"" + "x".repeat(80)
            + "\"...); at most 32768 are allowed.",
        RuleRun.of(MAX_LENGTH).contract("metav1").findings(YamlFixtures.document(yaml)).get(0).message());
    assertEquals(List.of("9:14 info condition-message-maxlength /status/conditions/0/message"),
        RuleRun.of(MAX_LENGTH).profile("k8s").lines(yaml));
    assertEquals("Condition \"Ready\" has a message of 32769 characters (\"" + "x".repeat(80)
            + "\"...); at most 32768 are allowed by convention.",
        RuleRun.of(MAX_LENGTH).profile("k8s").findings(YamlFixtures.document(yaml)).get(0).message());
    assertEquals(List.of(), RuleRun.of(MAX_LENGTH).profile("k8s").lines(withMessage("message: " + "x".repeat(32768))));
  }

  @Test
  void customResourcesCountCodePointsAndBuiltInKindsCountBytes() {
    String yaml = withMessage("message: " + "é".repeat(20000));
    assertEquals(List.of(), RuleRun.of(MAX_LENGTH).profile("k8s").lines(yaml));
    assertEquals(List.of("9:14 error condition-message-maxlength /status/conditions/0/message"),
        RuleRun.of(MAX_LENGTH).profile("k8s").lines(ShapeFixtures.onPodDisruptionBudget(yaml)));
    assertEquals(
        "Condition \"Ready\" has a message of 40000 bytes (\"" + "é".repeat(80) + "\"...); at most 32768 are allowed.",
        RuleRun.of(MAX_LENGTH).profile("k8s").findings(YamlFixtures.document(ShapeFixtures.onPodDisruptionBudget(yaml)))
            .get(0).message());
    // A character outside the BMP is one code point, though two UTF-16 units.
    assertEquals(List.of(), RuleRun.of(MAX_LENGTH).profile("k8s").lines(withMessage("message: " + "😀".repeat(32768))));
  }

  @Test
  void clusterApiV1beta1CapsAt10240AndRejectsAnEmptyMessage() {
    assertEquals(List.of("9:14 error condition-message-maxlength /status/conditions/0/message"),
        RuleRun.of(MAX_LENGTH).profile("capi-v1beta1").lines(withMessage("message: " + "x".repeat(10241))));
    assertEquals(List.of("9:14 error condition-message-maxlength /status/conditions/0/message"),
        RuleRun.of(MAX_LENGTH).profile("capi-v1beta1").lines(withMessage("message: \"\"")));
    assertEquals(List.of(), RuleRun.of(MAX_LENGTH).profile("capi-v1beta1").lines(withMessage("")));
    assertEquals(List.of(), RuleRun.of(MAX_LENGTH).profile("k8s").lines(withMessage("message: \"\"")));
  }
}
