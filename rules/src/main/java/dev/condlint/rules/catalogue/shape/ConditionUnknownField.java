package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/** A condition field outside the profile's condition type. */
@RuleInfo(
    id = "condition-unknown-field",
    code = "A15",
    title = "The condition has only the fields of its condition type",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Structural schemas silently prune fields they do not declare (KEP-2332), and"
            + " `kubectl --validate=strict` rejects them, so such a field is lost or breaks the write."
            + " KEP-1623 removed lastHeartbeatTime from metav1.Condition; kstatus Augment writes"
            + " lastUpdateTime, which is such a field.",
    source = "apimachinery types.go (Condition fields); KEP-2332 (pruning); KEP-1623",
    // Not for built-in kinds: their condition types have other fields (NodeCondition.lastHeartbeatTime,
    // PodCondition.lastProbeTime).
    builtinKinds = false)
public final class ConditionUnknownField implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    Set<String> known = check.settings().conditionFields();
    for (Condition c : check.allConditions()) {
      Iterator<String> names = c.node().fieldNames();
      while (names.hasNext()) {
        String field = names.next();
        if (known.contains(field)) {
          continue;
        }
        check.report(
            c.pointer(field),
            FieldValues.name(c) + " has field " + FieldValues.quote(field) + ", which its condition type ("
                + String.join(", ", new TreeSet<>(known)) + ") does not have; a structural schema drops it silently.",
            "Remove the field, or move the information into reason or message.");
      }
    }
  }
}
