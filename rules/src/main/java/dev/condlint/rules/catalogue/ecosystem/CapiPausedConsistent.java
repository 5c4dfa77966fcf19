package dev.condlint.rules.catalogue.ecosystem;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.Optional;

/** Cluster API v1beta2: a paused object's Paused condition is True. */
@RuleInfo(
    id = "capi-paused-consistent",
    code = "F06",
    title = "A paused Cluster API object has Paused=True",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Cluster API sets Paused=True (reason Paused) exactly when the object carries the"
            + " cluster.x-k8s.io/paused annotation or, for a Cluster, spec.paused is true; providers"
            + " \"SHOULD surface the paused status of an object using the Paused condition\". The"
            + " reverse cannot be decided from one object: its owning Cluster may be paused.",
    source =
        "kubernetes-sigs/cluster-api util/paused/paused.go;"
            + " docs/book/src/developer/providers/contracts/infra-cluster.md",
    onByDefault = false,
    // Built-in kinds have no Paused condition, even when a forced profile reaches them.
    builtinKinds = false)
public final class CapiPausedConsistent implements ObjectRule {
  static final String PAUSED_ANNOTATION = "cluster.x-k8s.io/paused";

  @Override
  public void check(ObjectCheck check) {
    // Paused describes the object itself, so only its own status.conditions carry it.
    Optional<Condition> paused = check.topLevelConditions().flatMap(l -> l.find("Paused"));
    Optional<String> why = pausedBy(check);
    // A status that is not a string is rule A05's or A06's finding.
    if (paused.isEmpty() || why.isEmpty() || paused.get().text("status").isEmpty() || paused.get().isTrue()) {
      return;
    }
    Condition c = paused.get();
    check.report(
        c.pointer("status"),
        "'Paused' is \"" + c.status() + "\" although " + why.get() + ": Cluster API reports a paused"
            + " object with Paused=\"True\".",
        "Set 'Paused' to \"True\" with reason Paused while the object is paused.");
  }

  private static Optional<String> pausedBy(ObjectCheck check) {
    JsonNode object = check.object();
    if (object.path("metadata").path("annotations").has(PAUSED_ANNOTATION)) {
      return Optional.of("the " + PAUSED_ANNOTATION + " annotation is set");
    }
    boolean isCluster =
        "Cluster".equals(check.ref().kind()) && "cluster.x-k8s.io".equals(check.ref().group());
    JsonNode specPaused = object.path("spec").path("paused");
    if (isCluster && specPaused.isBoolean() && specPaused.asBoolean()) {
      return Optional.of("spec.paused is true");
    }
    return Optional.empty();
  }
}
