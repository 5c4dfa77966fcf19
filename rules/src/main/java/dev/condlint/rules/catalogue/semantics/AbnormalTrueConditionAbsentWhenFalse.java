package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.Set;

/** B08: a type that is present only when abnormal is not present with status False. */
// Built-in kinds are skipped: Kubernetes follows the always-present model (Node publishes
// MemoryPressure=False all the time), which the present-only-when-abnormal registries do not model.
@RuleInfo(
    id = "abnormal-true-condition-absent-when-false",
    code = "B08",
    title = "Abnormal-true conditions are removed rather than set to False",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "kstatus, Flux and Gateway API define some abnormal-true types (Reconciling, Stalled,"
            + " OverlappingTLSConfig) as present only while True: their absence means normal. A False"
            + " one is noise at best, and readers that test for presence misread it as a problem."
            + " Plain Kubernetes and Cluster API keep conditions always present, so the rule is off there.",
    source =
        "fluxcd/pkg apis/meta ('MUST only be present on the resource if the Condition is True'), check"
            + " WARN0003/WARN0004; gateway-api GEP-1364 and apis/v1 gateway_types.go; cli-utils kstatus",
    builtinKinds = false,
    onByDefault = false)
public final class AbnormalTrueConditionAbsentWhenFalse implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    Set<String> presentOnlyWhenAbnormal = check.settings().facts().presentOnlyWhenAbnormalTypes();
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        if (Condition.FALSE.equals(list.status(i)) && list.type(i) != null
            && presentOnlyWhenAbnormal.contains(list.type(i))) {
          report(check, list.condition(i), list.type(i));
        }
      }
    }
  }

  private static void report(ObjectCheck check, Condition c, String type) {
    check.report(
        c.pointer(),
        "Condition '" + type + "' is present with status False; it should be present only while True,"
            + " since its absence already means normal.",
        "Remove the '" + type + "' condition when it stops being True (meta.RemoveStatusCondition,"
            + " Flux conditions.Delete) instead of setting it to False.");
  }
}
