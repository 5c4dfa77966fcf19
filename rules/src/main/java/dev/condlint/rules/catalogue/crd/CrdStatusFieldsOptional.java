package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E12: no field of status is required. */
@RuleInfo(
    id = "crd-status-fields-optional",
    code = "E12",
    title = "No field of status is required",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "Status is written by controllers over time: a required status field makes the first status"
            + " write fail until the controller can fill it, and the absence of a condition already"
            + " means Unknown.",
    source = "kube-api-linter statusoptional; api-conventions (absent condition = Unknown)")
public final class CrdStatusFieldsOptional implements CrdRule {
  @Override
  public void check(CrdCheck check) {
    StatusSchema.status(check).ifPresent(s -> {
      if (s.schema().path("required").isArray() && !s.schema().path("required").isEmpty()) {
        check.report(
            s.at("required"),
            "In " + StatusSchema.version(check) + ", status requires " + s.schema().path("required")
                + ", so a controller's first status write fails unless it can fill every one of them.",
            "Remove `required` from the status schema (kubebuilder: +optional on every status field).");
      }
    });
  }
}
