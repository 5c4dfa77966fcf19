package dev.condlint.rules.catalogue.transition;

import dev.condlint.model.ConditionPair;
import dev.condlint.model.RemovedCondition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import java.util.List;
import java.util.Set;

/** D06: a condition type configured as set-once was changed or removed. */
@RuleInfo(
    id = "immutable-condition-modified",
    code = "D06",
    title = "Set-once conditions are not modified",
    severity = Severity.ERROR,
    scope = Scope.UPDATE,
    rationale =
        "Some conditions record a decision that must not be revisited: cert-manager's webhook rejects"
            + " any change to a CertificateRequest's Approved or Denied condition once set (\"'Approved'"
            + " condition may not be modified once set\"), because issuers act on it. The types are"
            + " configured per profile (settings.immutableTypes); none by default.",
    source =
        "cert-manager internal/apis/certmanager/validation/certificaterequest.go; CONVENTIONS.md §2 D06, §4")
public final class ImmutableConditionModified implements TransitionRule {
  /** It compares the old status with the new one; equal statuses differ nowhere. */
  @Override
  public boolean reportsOnlyStatusChanges() {
    return true;
  }

  @Override
  public void check(TransitionCheck check) {
    Set<String> immutable = check.settings().facts().immutableTypes();
    if (immutable.isEmpty()) {
      return;
    }
    for (ConditionPair pair : check.conditionPairs()) {
      List<String> changed = pair.changedFields();
      if (!immutable.contains(pair.type()) || changed.isEmpty()) {
        continue;
      }
      check.report(
          pair.after().pointer(changed.get(0)),
          "Condition '" + pair.type() + "' may not change once set, but its " + listed(changed)
              + (changed.size() == 1 ? " was" : " were") + " changed.",
          "Leave '" + pair.type() + "' exactly as it was first written; record a new decision on a new"
              + " object.");
    }
    for (RemovedCondition removed : check.removedConditions()) {
      if (immutable.contains(removed.type())) {
        check.report(
            removed.listPointer(),
            "Condition '" + removed.type() + "' may not change once set, but it was removed.",
            "Keep '" + removed.type() + "' exactly as it was first written.");
      }
    }
  }

  /** {@code a}, {@code a and b}, {@code a, b and c}. */
  private static String listed(List<String> fields) {
    int last = fields.size() - 1;
    return last == 0 ? fields.get(0) : String.join(", ", fields.subList(0, last)) + " and " + fields.get(last);
  }
}
