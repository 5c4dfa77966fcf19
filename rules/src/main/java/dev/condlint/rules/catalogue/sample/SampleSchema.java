package dev.condlint.rules.catalogue.sample;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A custom resource outside its status breaks the schema of its CRD, found among the inputs. */
@RuleInfo(
    id = "sample-schema",
    title = "A custom resource matches its CRD's schema (outside status)",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "Sample resources (docs, tests, config/samples) are what users copy; one the API server would"
            + " reject, or whose fields it would silently prune, teaches the wrong thing. When the CRD is"
            + " linted in the same run (or found with --crds), condlint checks the sample against it"
            + " with the API server's structural-schema semantics. Unknown fields are warnings: the API"
            + " server drops them rather than rejecting the object."
            + " An example that says it leaves fields out (a `# ...` or `# other fields omitted` comment in the"
            + " mapping) is told of a required field it lacks there, or of the mapping being null, at info only;"
            + " a file in a design folder (proposals/, keps/, design/, ...) describes the API as proposed, so"
            + " every finding there is an info (docs/cli.md#partial-examples-and-design-documents).",
    source = "apiextensions-apiserver structural schemas, pruning (KEP-2332), list-type validation;"
        + " kubeconform #51 and kube-linter #24 (open requests for exactly this)",
    builtinKinds = false,
    stepsBackForOtherRules = true)
public final class SampleSchema implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    SampleViolations.report(check, false);
  }
}
