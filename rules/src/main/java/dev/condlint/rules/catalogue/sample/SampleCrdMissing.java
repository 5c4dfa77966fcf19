package dev.condlint.rules.catalogue.sample;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A custom resource whose CRD is not among the inputs, so its schema went unchecked. */
@RuleInfo(
    id = "sample-crd-missing",
    title = "A custom resource has its CRD among the inputs",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Repositories that keep CRDs and samples together want every sample checked against its"
            + " schema; a sample whose CRD is missing (renamed kind, removed version, forgotten --crds)"
            + " silently escapes that check. Off unless turned on (condlint lint --require-crds).",
    source = "condlint",
    builtinKinds = false,
    onByDefault = false)
public final class SampleCrdMissing implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    if (check.crd().isPresent() || check.ref().kind().isEmpty() || check.ref().isCustomResourceDefinition()) {
      return;
    }
    check.report(
        "",
        "No CRD among the inputs defines " + check.ref().kind() + " in " + check.ref().apiVersion()
            + ", so this object was not checked against a schema.",
        "Lint the CRD in the same run, or point --crds at the folder that holds it.");
  }
}
