package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.AsciiPatterns;

/** A valid reason that is not one UpperCamelCase word. */
// Applies to built-in kinds: their own reasons (PodCompleted, KubeletReady) are CamelCase words.
@RuleInfo(
    id = "condition-reason-camelcase",
    code = "A09",
    title = "The reason is one UpperCamelCase word",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Reason is \"a one-word, CamelCase representation of the category of cause\", shown in"
            + " one-line `kubectl get` output. The schema's pattern deliberately also accepts my_name,"
            + " MY_NAME and ReasonA,ReasonB, so this is a convention check, not an API error.",
    source =
        "api-conventions.md; apimachinery types.go (\"should be a CamelCase string\"); knative/specs"
            + " error-signalling.md; fluxcd/pkg apis/meta (\"arbitrary PascalCase string\")")
public final class ConditionReasonCamelCase implements ObjectRule {

  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        String reason = list.reason(i);
        // A reason that breaks the schema pattern is A08's finding alone.
        // An UpperCamelCase word matches the pattern: a clean reason is decided by one walk of its characters.
        if (!reason.isEmpty() && !AsciiPatterns.isUpperCamelWord(reason) && AsciiPatterns.isConditionReason(reason)) {
          report(check, list.condition(i), reason);
        }
      }
    }
  }

  private static void report(ObjectCheck check, Condition c, String reason) {
    check.report(
        c.pointer("reason"),
        FieldValues.name(c) + " has reason " + FieldValues.quote(reason)
            + ", which is not one UpperCamelCase word; reasons are CamelCase categories of cause.",
        "Write the reason as one word starting with a capital letter, e.g. `ImagePullFailed`.");
  }
}
