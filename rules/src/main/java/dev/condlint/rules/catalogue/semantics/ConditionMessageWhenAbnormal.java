package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** B04: a condition in an abnormal state explains itself in its message. */
// Built-in kinds are skipped: their conditions are written by the kubelet and the controller
// manager, not by the user, and the polarity registry does not know their negative types (Node's
// MemoryPressure is normal when False), so every healthy Node would be reported.
@RuleInfo(
    id = "condition-message-when-abnormal",
    code = "B04",
    title = "Abnormal conditions carry a message",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "When a condition says something is wrong (False for a normal-true type, True for an"
            + " abnormal-true one, Unknown for any), its message is what users read in kubectl"
            + " describe and what kstatus copies into its result; the reason alone names only the"
            + " category of the cause. An Unknown condition is often just not reconciled yet, so that"
            + " case is info.",
    source =
        "knative/specs error-signalling.md rule 3 ('SHOULD provide message and reason'); api-conventions"
            + " (Message is shown in detailed status explanations); cli-utils kstatus status.go",
    builtinKinds = false)
public final class ConditionMessageWhenAbnormal implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (Condition c : check.allConditions()) {
      // Without a type the polarity is unknown (A02 reports the type).
      if (c.type().isEmpty() || !check.settings().isAbnormal(c) || !hasEmptyMessage(check, c)) {
        continue;
      }
      String state = c.isTrue() ? "True, which is abnormal for this negative-polarity type," : c.status();
      String reason = c.reason().isEmpty() ? "" : " (reason " + c.reason() + ")";
      // ERROR caps nothing: False and abnormal True get the rule's level, Unknown at most info.
      check.report(
          c.isUnknown() ? Severity.INFO : Severity.ERROR,
          c.pointer("message"),
          "Condition '" + c.type().orElseThrow() + "' is " + state + reason + " with an empty message;"
              + " users read the message in kubectl describe to learn what is wrong.",
          "Set message to a sentence with the details of this occurrence (what failed, where, what to"
              + " do), e.g. 'Back-off pulling image \"nginx:latst\"'.");
    }
  }

  private static boolean hasEmptyMessage(ObjectCheck check, Condition c) {
    if (!c.has("message")) {
      // A missing message where the profile requires one is A10's finding.
      return !check.settings().messageRequired();
    }
    // A non-string message (YAML-coerced or not) is A06's or A10's finding.
    return c.text("message").map(String::isBlank).orElse(false);
  }
}
