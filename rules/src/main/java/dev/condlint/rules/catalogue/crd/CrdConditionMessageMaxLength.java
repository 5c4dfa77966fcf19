package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E08: the message property has the maxLength of the condition struct the items were generated from. */
@RuleInfo(
    id = "crd-condition-message-maxlength",
    code = "E08",
    title = "The condition message schema has its condition struct's maxLength",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "An unbounded string lets one controller write megabytes into every object and makes CEL cost"
            + " estimation fail; metav1.Condition caps message at 32768 characters (Cluster API v1beta1"
            + " at 10240). Only a schema recognised as such a struct is held to its cap.",
    source = "apimachinery metav1.Condition message markers (MaxLength=32768); kube-api-linter maxlength")
public final class CrdConditionMessageMaxLength extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    reportMissingMarkers(check, items, "message", m -> m.keyword().equals("maxLength"),
        "the API server accepts messages of any size");
  }
}
