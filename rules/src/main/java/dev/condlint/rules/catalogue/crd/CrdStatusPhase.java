package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E14: status declares no phase. */
@RuleInfo(
    id = "crd-status-phase",
    code = "E14",
    title = "Status declares no phase field",
    severity = Severity.INFO,
    scope = Scope.CRD,
    rationale =
        "The phase pattern is deprecated: a single enum cannot express several independent"
            + " observations, and every new phase value breaks clients; conditions replace it."
            + " Cluster API keeps phase on purpose, so its profiles turn this off.",
    source = "api-conventions (\"The pattern of using phase is deprecated\"); kube-api-linter nophase")
public final class CrdStatusPhase implements CrdRule {
  @Override
  public void check(CrdCheck check) {
    StatusSchema.status(check).ifPresent(s -> {
      if (s.hasProperty("phase")) {
        check.report(
            s.property("phase").pointer(),
            "In " + StatusSchema.version(check) + ", status declares phase, a deprecated pattern that"
                + " conditions replace.",
            "Express the states as conditions (for example Ready with reasons) and drop phase in the next API version.");
      }
    });
  }
}
