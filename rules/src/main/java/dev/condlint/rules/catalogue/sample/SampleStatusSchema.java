package dev.condlint.rules.catalogue.sample;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A custom resource's status breaks the schema of its CRD, found among the inputs. */
@RuleInfo(
    id = "sample-status-schema",
    title = "A custom resource's status matches its CRD's status schema",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "Status fixtures (kstatus and health-check test data, documentation) stand for what a"
            + " controller writes; if the API server would reject that status (a condition without a"
            + " reason under a metav1.Condition schema, a duplicate condition type in a list-map), the"
            + " controller under test would fail in a real cluster. Unknown fields are warnings: the"
            + " status subresource prunes them."
            + " An example that says it leaves fields out (a `# ...` or `# other fields omitted` comment in the"
            + " mapping) is told of a required field it lacks there, or of the mapping being null, at info only;"
            + " a file in a design folder (proposals/, keps/, design/, ...) describes the API as proposed, so"
            + " every finding there is an info (docs/cli.md#partial-examples-and-design-documents).",
    source = "apiextensions-apiserver structural schemas, status subresource strategy, pruning (KEP-2332)",
    builtinKinds = false,
    stepsBackForOtherRules = true)
public final class SampleStatusSchema implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    SampleViolations.report(check, true);
  }
}
