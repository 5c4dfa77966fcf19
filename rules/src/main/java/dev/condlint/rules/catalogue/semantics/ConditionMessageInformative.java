package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.AsciiPatterns;

/** B05: a message says more than the reason does. */
// Built-in kinds are skipped: their messages are written by Kubernetes components, not by the
// controller whose author runs this linter.
@RuleInfo(
    id = "condition-message-informative",
    code = "B05",
    title = "Messages add detail to the reason",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "The reason is a one-word category of the cause for concise output; the message is a"
            + " human-readable sentence with the details of this occurrence. A message that repeats the"
            + " reason, or is itself a single CamelCase token, gives the user nothing more.",
    source =
        "api-conventions (Reason is 'the category of cause', Message 'a human-readable phrase or"
            + " sentence, which may contain specific details of the individual occurrence')",
    builtinKinds = false)
public final class ConditionMessageInformative implements ObjectRule {

  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        String message = list.message(i).strip();
        if (message.isEmpty()) {
          continue;
        }
        String reason = list.reason(i);
        boolean repeatsReason = !reason.isEmpty() && AsciiPatterns.equalsIgnoringWhitespaceAndCase(message, reason);
        if (repeatsReason || AsciiPatterns.isUpperCamelWord(message)) {
          report(check, list.condition(i), message, repeatsReason);
        }
      }
    }
  }

  private static void report(ObjectCheck check, Condition c, String message, boolean repeatsReason) {
    check.report(
        c.pointer("message"),
        "Message '" + message + "' of " + StatusViews.label(c)
            + (repeatsReason
                ? " only repeats its reason"
                : " is a single CamelCase token, which reads like a reason")
            + "; the message should give the details of this occurrence.",
        "Write a sentence with the specifics (what, where, why), e.g. 'connection refused: db:5432',"
            + " and keep the category in reason.");
  }
}
