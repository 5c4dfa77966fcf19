package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E13: status declares a top-level observedGeneration. */
@RuleInfo(
    id = "crd-status-observed-generation",
    code = "E13",
    title = "Status declares a top-level observedGeneration (int64)",
    severity = Severity.INFO,
    scope = Scope.CRD,
    rationale =
        "kstatus reads only the top-level status.observedGeneration to tell whether the controller"
            + " has seen the latest spec; without it an object with abnormal-true conditions looks"
            + " healthy while its controller is down. Knative's spec makes it REQUIRED.",
    source = "cli-utils kstatus README; knative/specs serving spec (observedGeneration REQUIRED)")
public final class CrdStatusObservedGeneration implements CrdRule {
  @Override
  public void check(CrdCheck check) {
    StatusSchema.status(check).ifPresent(s -> {
      SchemaNode og = s.property("observedGeneration");
      if (!og.exists()) {
        check.report(
            og.pointer(),
            "In " + StatusSchema.version(check) + ", status has no observedGeneration, so kstatus and other"
                + " readers cannot tell whether the controller has seen the latest generation.",
            "Add `observedGeneration: {type: integer, format: int64}` to status and have the controller set it.");
      } else if (!og.type().equals("integer") || !og.schema().path("format").asText("").equals("int64")) {
        check.report(
            og.pointer(),
            "In " + StatusSchema.version(check) + ", status.observedGeneration is not an int64 integer, so it"
                + " cannot be compared with metadata.generation.",
            "Declare `type: integer`, `format: int64`.");
      }
    });
  }
}
