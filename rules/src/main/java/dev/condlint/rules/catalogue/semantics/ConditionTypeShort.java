package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.regex.Pattern;

/** B02: a condition type does not repeat the object's kind ({@code DatabaseReady} on a Database). */
// Built-in kinds are skipped: Kubernetes itself names Pod conditions PodScheduled and
// PodReadyToStartContainers, which nobody linting a Pod can rename.
@RuleInfo(
    id = "condition-type-short",
    code = "B02",
    title = "Condition types do not repeat the kind",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "The kind is already known from the object, so a type that starts with it only makes the"
            + " name longer and harder to share across kinds; the API conventions prefer 'Ready' over"
            + " 'MyResourceReady'.",
    source = "api-conventions ('Short condition names are preferred (e.g. \"Ready\" over \"MyResourceReady\")')",
    builtinKinds = false)
public final class ConditionTypeShort implements ObjectRule {
  private static final Pattern ONE_WORD = Pattern.compile("[A-Z][a-z0-9]*");

  @Override
  public void check(ObjectCheck check) {
    String kind = check.ref().kind();
    if (kind.isEmpty()) {
      return;
    }
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        check(check, list.condition(i), list.typeName(i), kind);
      }
    }
  }

  private static void check(ObjectCheck check, Condition c, String name, String kind) {
    // Only at a word boundary (kind Route must not flag RoutesReady), and only when one word follows:
    // on an Integration, IntegrationPlatformAvailable is about another kind, IntegrationPlatform.
    if (name.length() <= kind.length()
        || !name.startsWith(kind)
        || Character.isLowerCase(name.charAt(kind.length()))) {
      return;
    }
    String rest = name.substring(kind.length());
    if (!ONE_WORD.matcher(rest).matches()) {
      return;
    }
    check.report(
        c.pointer("type"),
        "Condition type '" + c.type().orElseThrow() + "' repeats the kind " + kind
            + "; the API conventions prefer short condition names ('Ready' over 'MyResourceReady').",
        "Name the condition '" + rest + "': the object's kind already says what it is about.");
  }
}
