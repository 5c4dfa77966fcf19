package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.ListContract;
import java.util.List;
import java.util.Optional;

/** A condition status other than exactly {@code "True"}, {@code "False"} or {@code "Unknown"}. */
// Applies to built-in kinds: every condition type of the API has the same three statuses. A declared
// condition type may add one (families.json constraints: prometheus-operator's Degraded). An error
// where the condition type is declared; where it is not, a warning that says it is the convention.
@RuleInfo(
    id = "condition-status-value",
    code = "A05",
    title = "The status is exactly \"True\", \"False\" or \"Unknown\"",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "The status is required and an enum of True, False and Unknown; the API server rejects other"
            + " values (NotSupported for built-in kinds). Clients compare case-sensitively, so kstatus"
            + " silently ignores a `true`. An error where the condition type is declared (a CRD, the"
            + " catalogue, the configuration); for a kind nobody declared, a warning.",
    source = "apimachinery types.go (Enum), validation.go (NotSupported); cli-utils kstatus generic.go, status.go")
public final class ConditionStatusValue implements ObjectRule {
  private static final List<String> STATUSES = List.of(Condition.TRUE, Condition.FALSE, Condition.UNKNOWN);

  // A kind nobody declared may give its conditions statuses of its own (Portworx's Online,
  // prometheus-operator's Degraded): the three values are then the convention, not its schema.
  private static final SchemaOrConvention SEVERITY = new SchemaOrConvention("metav1.Condition's statuses");

  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        String status = list.text(i, PreparedList.STATUS);
        // True, False or Unknown: no problem (what the declared schema says matters only for others).
        if (status == null || !STATUSES.contains(status)) {
          check(check, list.condition(i));
        }
      }
    }
  }

  private static void check(ObjectCheck check, Condition c) {
    ListContract contract = check.contractOf(c);
    Optional<ConditionSchema> declared = contract.declaredSchema();
    String problem = problem(check, c, declared);
    if (problem == null) {
      return;
    }
    SEVERITY.report(check, contract, declared.isPresent(), c.pointer("status"),
        FieldValues.name(c) + " " + problem + "; the status must be \"True\", \"False\" or \"Unknown\".",
        FieldValues.name(c) + " " + problem + "; Kubernetes' condition types take only \"True\", \"False\""
            + " or \"Unknown\", and tools such as kstatus and kubectl wait read only these.",
        hint(c));
  }

  private static String problem(ObjectCheck check, Condition c, Optional<ConditionSchema> declared) {
    if (FieldValues.isAbsent(check, c, "status")) {
      // A declared condition type without a required status (Argo CD's ApplicationCondition has none) is
      // not missing one.
      boolean owesOne = declared.map(schema -> schema.requires("status", "")).orElse(true);
      return owesOne ? "has no status" : null;
    }
    if (FieldValues.isNonStringValue(check, c, "status")) {
      return "has a status that is " + FieldValues.describe(c.field("status")) + ", not a string";
    }
    Optional<String> status = c.text("status");
    // A status the declared condition type adds to the three (prometheus-operator's Degraded) is its API.
    if (status.isPresent() && !STATUSES.contains(status.get())
        && declared.filter(schema -> schema.formats().otherStatuses().contains(status.get())).isEmpty()) {
      return "has status " + FieldValues.quote(status.get());
    }
    return null;
  }

  private static String hint(Condition c) {
    String status = c.text("status").orElse("");
    for (String s : STATUSES) {
      if (s.equalsIgnoreCase(status)) {
        return "Write `status: \"" + s + "\"` (case matters).";
      }
    }
    return "Set `status` to \"True\", \"False\" or \"Unknown\" (use \"Unknown\" when it cannot be decided yet).";
  }
}
