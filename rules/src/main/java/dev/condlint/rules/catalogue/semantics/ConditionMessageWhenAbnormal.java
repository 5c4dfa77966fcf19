package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
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
            + " problem, and so does a False summary beside a True type that names work under way and"
            + " explains it in its message (MachineConfigPool's Updated beside Updating): those cases are info.",
    source =
        "knative/specs error-signalling.md rule 3 ('SHOULD provide message and reason'); api-conventions"
            + " (Message is shown in detailed status explanations); cli-utils kstatus status.go",
    builtinKinds = false)
public final class ConditionMessageWhenAbnormal implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (ConditionList list : check.conditionLists()) {
      for (Condition c : list.conditions()) {
        check(check, list, c);
      }
    }
  }

  private static void check(ObjectCheck check, ConditionList list, Condition c) {
    // Without a type the polarity is unknown (A02 reports the type).
    if (c.type().isEmpty() || !hasEmptyMessage(check, c)) {
      return;
    }
    ListContract contract = check.contractOf(c);
    Optional<Known<Polarity>> polarity = contract.knownPolarity(c.type().get());
    boolean abnormalTrue = polarity.filter(p -> p.value() == Polarity.ABNORMAL_TRUE).isPresent();
    boolean abnormal = c.isUnknown() || (polarity.isPresent() && (abnormalTrue ? c.isTrue() : c.isFalse()));
    if (!abnormal) {
      return;
    }
    Optional<String> progressBeside = c.isFalse() ? progressBeside(contract, list, c) : Optional.empty();
    boolean underWay = contract.namesWorkUnderWay(c.type().get()) || contract.namesWorkUnderWay(c.reason())
        || progressBeside.isPresent();
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
        + (progressBeside.isPresent() ? progressBeside.get() + " is True beside it, so work is under way,"
            + " and a message would tell users what it waits for."
            : underWay ? "its type or reason names work under way or a wait, and a message would tell users"
            + " what it waits for." : proseReason ? "the reason says in words what the message should, where"
            + " tools expect a CamelCase category." : "users read the message in kubectl describe to learn what"
            + " is wrong.");
    String hint = "Set message to a sentence with the details of this occurrence (what failed, where, what to"
        + " do), e.g. 'Back-off pulling image \"nginx:latst\"'.";
    // Unknown is abnormal whatever the polarity; at most info, as it is often just not reconciled yet.
    // Work under way (Creating, ReconcilePaused) is progress the reason already names, not a hidden
    // error; a sentence for a reason explains the state in the reason's column instead.
    Severity cap = c.isUnknown() || underWay || proseReason ? Severity.INFO : Severity.ERROR;
    Optional<ContractBasis> basis = c.isUnknown() ? Optional.empty() : Optional.of(polarity.get().basis());
    if (c.has("message")) {
      basis.ifPresentOrElse(b -> check.report(b, cap, c.pointer("message"), message, hint),
          () -> check.report(cap, c.pointer("message"), message, hint));
    } else {
      // An absent message says less where the example marks the condition as partial.
      check.reportAbsent(basis, cap, "message", c.pointer("message"), message, hint);
    }
  }

  /**
   * A summary type that is False while a sibling whose type names work under way (MachineConfigPool's
   * Updating) is True with a message: the summary is False because the work is not done, which the
   * sibling's message explains; where the contract says what the summary sums up, the sibling must be
   * among those types. The sibling's type.
   */
  private static Optional<String> progressBeside(ListContract contract, ConditionList list, Condition c) {
    String type = c.type().orElseThrow();
    Optional<Summary> summary = contract.summary().map(Known::value).filter(s -> s.contains(type));
    if (summary.isEmpty()) {
      return Optional.empty();
    }
    Optional<java.util.Set<String>> sumsUp = summary.get().sumsUp(type);
    return list.conditions().stream()
        .filter(d -> d != c && d.isTrue() && d.type().filter(contract::namesWorkUnderWay).isPresent()
            && d.text("message").filter(m -> !m.isBlank()).isPresent())
        .map(d -> d.type().orElseThrow())
        .filter(t -> sumsUp.map(s -> s.contains(t)).orElse(true))
        .findFirst();
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
