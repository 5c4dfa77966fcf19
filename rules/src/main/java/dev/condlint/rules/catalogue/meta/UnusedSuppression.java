package dev.condlint.rules.catalogue.meta;

import dev.condlint.model.IgnoreAnnotation;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.SuppressionCheck;
import dev.condlint.rules.api.SuppressionRule;

/**
 * A suppression (the {@code condlint.dev/ignore} annotation or a {@code # condlint:ignore} comment)
 * that suppressed nothing. It runs after every other rule of the object and their suppressions, in
 * the engine's suppression stage, which alone sees every other rule's findings.
 */
@RuleInfo(
    id = "suppression-unused",
    title = "A suppression suppresses no finding",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "A suppression that matches nothing is stale (the finding was fixed) or misspelt (it names a"
            + " rule that does not exist or a line without the finding); either way it hides nothing"
            + " today and may hide a real finding tomorrow.",
    source = "condlint")
public final class UnusedSuppression implements SuppressionRule {
  @Override
  public void check(SuppressionCheck check) {
    for (SuppressionCheck.Unused unused : check.unused()) {
      String id = unused.ruleId();
      if (unused.comment().isEmpty()) {
        check.report(
            IgnoreAnnotation.POINTER,
            message("The " + IgnoreAnnotation.NAME + " annotation", unused),
            "Remove " + id + " from the annotation, or correct the rule id.");
      } else {
        check.report(
            unused.comment().get(),
            message("The condlint:ignore comment", unused),
            "Remove " + id + " from the comment, or move the comment to the line before the finding.");
      }
    }
  }

  private static String message(String suppression, SuppressionCheck.Unused unused) {
    String id = unused.ruleId();
    if (!unused.namesARule()) {
      return suppression + " names '" + id + "', which is not a condlint rule, so it suppresses nothing.";
    }
    return suppression + " suppresses " + id + ", but " + id + " reports nothing here.";
  }
}
