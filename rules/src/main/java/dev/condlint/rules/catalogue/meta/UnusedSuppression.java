package dev.condlint.rules.catalogue.meta;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/**
 * A suppression (the {@code condlint.dev/ignore} annotation or a {@code # condlint:ignore} comment)
 * that suppressed nothing. The engine itself reports these after every other rule has run, so
 * {@link #check} has nothing to do; the class carries the rule's metadata and level.
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
public final class UnusedSuppression implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    // Reported by the engine, which alone sees every other rule's findings.
  }
}
