package dev.condlint.rules.catalogue.semantics;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** B15: the status has no {@code phase} field. */
@RuleInfo(
    id = "status-phase-field",
    code = "B15",
    title = "The status has no phase field",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "A phase is one state machine in a single field: it cannot express independent aspects, and"
            + " every new value breaks clients that switch on it. The API conventions deprecate it in"
            + " favour of conditions. Built-in kinds (Pod, PersistentVolumeClaim, Namespace) keep their"
            + " phases and kstatus reads them, and Cluster API keeps phase on purpose.",
    source = "api-conventions ('The pattern of using `phase` is deprecated'); kube-api-linter nophase",
    builtinKinds = false)
public final class StatusPhaseField implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    JsonNode phase = check.object().path("status").path("phase");
    if (phase.isMissingNode()) {
      return;
    }
    check.report(
        "/status/phase",
        "status.phase" + (phase.isTextual() ? " '" + phase.asText() + "'" : "") + " is a phase field,"
            + " which the API conventions deprecate: a single phase cannot express independent aspects"
            + " of the state, and new phases break the clients that switch on it.",
        "Express each aspect as a condition (e.g. Ready, with reasons for the old phases); keep phase"
            + " only for compatibility, and plan to drop it in a new API version.");
  }
}
