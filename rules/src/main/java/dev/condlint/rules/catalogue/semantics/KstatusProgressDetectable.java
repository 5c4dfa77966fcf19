package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.KstatusVerdict;
import java.util.List;
import java.util.Set;

/** B14: kstatus can tell when the object is in progress or failed. */
// Built-in kinds are checked too, except kstatus's legacy kinds, which it reads through per-kind
// rules: others, such as CertificateSigningRequest or APIService, are as opaque to kstatus as a CR.
@RuleInfo(
    id = "kstatus-progress-detectable",
    code = "B14",
    title = "kstatus can detect progress",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "kstatus (kubectl apply --wait style tools, Flux, Config Sync) computes progress from"
            + " status.observedGeneration and the Ready, Reconciling and Stalled conditions only. An"
            + " object with conditions but none of these can only ever be reported Current, even while"
            + " its controller has not seen the latest spec or has failed.",
    source =
        "cli-utils kstatus status.go ('the absence of any known conditions means the resource is"
            + " current'), README (adopt an observedGeneration property on the status object)")
public final class KstatusProgressDetectable implements ObjectRule {
  private static final List<String> KSTATUS_TYPES = List.of("Ready", "Reconciling", "Stalled");
  // CONVENTIONS.md appendix, step 4: group/Kind, or Kind alone for the core group.
  private static final Set<String> LEGACY_KINDS =
      Set.of(
          "Service",
          "Pod",
          "Secret",
          "PersistentVolumeClaim",
          "ConfigMap",
          "apps/StatefulSet",
          "apps/DaemonSet",
          "extensions/DaemonSet",
          "apps/Deployment",
          "extensions/Deployment",
          "apps/ReplicaSet",
          "extensions/ReplicaSet",
          "policy/PodDisruptionBudget",
          "batch/CronJob",
          "batch/Job",
          "apiextensions.k8s.io/CustomResourceDefinition");

  @Override
  public void check(ObjectCheck check) {
    String group = check.ref().group();
    String kind = check.ref().kind();
    if (LEGACY_KINDS.contains(group.isEmpty() ? kind : group + "/" + kind)
        || check.object().path("status").has("observedGeneration")
        || check.conditionLists().stream().noneMatch(l -> l.node().isArray() && !l.node().isEmpty())) {
      return;
    }
    boolean knowsKstatusType =
        check.topLevelConditions().stream()
            .anyMatch(l -> KSTATUS_TYPES.stream().anyMatch(t -> l.find(t).isPresent()));
    if (knowsKstatusType) {
      return;
    }
    check.report(
        "/status/observedGeneration",
        "kstatus cannot see when this " + (kind.isEmpty() ? "object" : kind) + " is in progress or failed:"
            + " its status has no observedGeneration and its conditions include none of Ready, Reconciling"
            + " or Stalled, so tools that wait on kstatus take whatever it says as final."
            + KstatusVerdict.suffix(check),
        "Set status.observedGeneration to metadata.generation at the end of each reconcile, or publish a"
            + " Ready condition (or Reconciling/Stalled while they apply).");
  }
}
