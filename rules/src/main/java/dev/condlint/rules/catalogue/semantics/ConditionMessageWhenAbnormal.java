package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.Polarity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** B04: a condition in an abnormal state explains itself in its message. */
// The abnormal state comes from the type's polarity in the object's contract; a type whose polarity
// nothing gives is judged only when Unknown, which is abnormal for every type. Built-in kinds are
// skipped: their conditions are written by the kubelet and the controller manager, not by the user.
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
            + " category of the cause. An Unknown condition is often just not reconciled yet, and a type"
            + " or reason that names work under way (Creating, ReconcilePaused) reports progress, not a"
            + " problem: those cases are info.",
    source =
        "knative/specs error-signalling.md rule 3 ('SHOULD provide message and reason'); api-conventions"
            + " (Message is shown in detailed status explanations); cli-utils kstatus status.go",
    builtinKinds = false)
public final class ConditionMessageWhenAbnormal implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (Condition c : check.allConditions()) {
      // Without a type the polarity is unknown (A02 reports the type).
      if (c.type().isEmpty() || !hasEmptyMessage(check, c)) {
        continue;
      }
      ListContract contract = check.contractOf(c);
      Optional<Known<Polarity>> polarity = contract.knownPolarity(c.type().get());
      boolean abnormalTrue = polarity.filter(p -> p.value() == Polarity.ABNORMAL_TRUE).isPresent();
      boolean abnormal = c.isUnknown() || (polarity.isPresent() && (abnormalTrue ? c.isTrue() : c.isFalse()));
      if (!abnormal) {
        continue;
      }
      boolean underWay = contract.namesWorkUnderWay(c.type().get()) || contract.namesWorkUnderWay(c.reason());
      // A reason written as a sentence ("Resource is being created") already tells users in words.
      boolean proseReason = c.reason().strip().contains(" ");
      List<String> about = new ArrayList<>();
      if (c.isTrue() && !underWay) {
        about.add("abnormal for this type");
      }
      if (!c.reason().isEmpty()) {
        about.add("reason " + c.reason());
      }
      String state = c.status() + (about.isEmpty() ? "" : " (" + String.join("; ", about) + ")");
      String message = "Condition '" + c.type().orElseThrow() + "' is " + state + " with an empty message; "
          + (underWay ? "its type or reason names work under way or a wait, and a message would tell users"
              + " what it waits for." : proseReason ? "the reason says in words what the message should, where"
              + " tools expect a CamelCase category." : "users read the message in kubectl describe to learn what"
              + " is wrong.");
      String hint = "Set message to a sentence with the details of this occurrence (what failed, where, what to"
          + " do), e.g. 'Back-off pulling image \"nginx:latst\"'.";
      if (c.isUnknown()) {
        // Unknown is abnormal whatever the polarity; at most info, as it is often just not reconciled yet.
        check.report(Severity.INFO, c.pointer("message"), message, hint);
      } else {
        // Work under way (Creating, ReconcilePaused) is progress the reason already names, not a hidden
        // error; a sentence for a reason explains the state in the reason's column instead.
        check.report(polarity.get().basis(), underWay || proseReason ? Severity.INFO : Severity.ERROR,
            c.pointer("message"), message, hint);
      }
    }
  }

  private static boolean hasEmptyMessage(ObjectCheck check, Condition c) {
    if (!c.has("message")) {
      // A missing message where the condition type requires one is A10's finding.
      return check.contractOf(c).declaredSchema().map(s -> !s.requires("message", c.status())).orElse(true);
    }
    // A non-string message (YAML-coerced or not) is A06's or A10's finding.
    return c.text("message").map(String::isBlank).orElse(false);
  }
}
