package dev.condlint.rules.catalogue.ecosystem;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** cert-manager: a CertificateRequest has at most one Approved or one Denied condition, and it is True. */
@RuleInfo(
    id = "certmanager-approval-conditions",
    code = "F07",
    title = "A CertificateRequest's Approved/Denied conditions are single, True and exclusive",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "cert-manager's webhook rejects a CertificateRequest with \"multiple %q conditions present\","
            + " with an Approved or Denied condition that is not True (\"may only be set to True\"), and"
            + " with both (\"both 'Denied' and 'Approved' conditions cannot coexist\"): approval is a"
            + " one-time decision written by an approver.",
    source = "cert-manager internal/apis/certmanager/validation/certificaterequest.go",
    onByDefault = false,
    // Only cert-manager's CertificateRequest has these conditions; built-in kinds never do.
    builtinKinds = false)
public final class CertManagerApprovalConditions implements ObjectRule {
  private static final List<String> DECISIONS = List.of("Approved", "Denied");

  @Override
  public void check(ObjectCheck check) {
    Optional<ConditionList> list = check.topLevelConditions();
    if (!"CertificateRequest".equals(check.ref().kind()) || !"cert-manager.io".equals(check.ref().group())
        || list.isEmpty()) {
      return;
    }
    Map<String, Condition> first = new LinkedHashMap<>();
    Condition second = null;
    for (Condition c : list.get().conditions()) {
      String type = c.type().filter(DECISIONS::contains).orElse(null);
      if (type == null) {
        continue;
      }
      if (first.containsKey(type)) {
        check.report(
            c.pointer("type"),
            "A second '" + type + "' condition (the first is at index " + first.get(type).index()
                + "); cert-manager rejects multiple '" + type + "' conditions.",
            "Keep only one '" + type + "' condition.");
        continue;
      }
      first.put(type, c);
      if (first.size() == 2 && second == null) {
        second = c;
      }
      // A status that is not a string is rule A05's or A06's finding.
      if (c.text("status").isPresent() && !c.isTrue()) {
        check.report(
            c.pointer("status"),
            "'" + type + "' is \"" + c.status() + "\", but cert-manager allows Approved and Denied only"
                + " as \"True\": the decision is recorded by the condition's presence.",
            "Set '" + type + "' to \"True\", or remove it if no decision has been made.");
      }
    }
    if (second != null) {
      check.report(
          second.pointer("type"),
          "Both 'Approved' and 'Denied' are present; cert-manager rejects a CertificateRequest that is"
              + " both approved and denied.",
          "Keep only the approver's one decision: either 'Approved' or 'Denied'.");
    }
  }
}
