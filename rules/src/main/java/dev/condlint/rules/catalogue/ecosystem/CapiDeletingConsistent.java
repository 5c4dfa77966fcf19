package dev.condlint.rules.catalogue.ecosystem;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.Optional;
import java.util.OptionalLong;

/** Cluster API v1beta2: the Deleting condition agrees with metadata.deletionTimestamp. */
@RuleInfo(
    id = "capi-deleting-consistent",
    code = "F05",
    title = "The Cluster API Deleting condition agrees with metadata.deletionTimestamp",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Cluster API v1beta2 keeps Deleting always present: False with reason NotDeleting, which"
            + " \"surfaces when an object is not deleting because the DeletionTimestamp is not set\","
            + " and True once it is. Deletion bumps generation, so a NotDeleting condition written for"
            + " the current generation of a deleting object was computed after the deletion.",
    source =
        "kubernetes-sigs/cluster-api api/core/v1beta2/condition_consts.go;"
            + " core/reconcilers/cluster/cluster_controller_status.go (setDeletingCondition)",
    onByDefault = false,
    // Built-in kinds have no Deleting condition, even when a forced profile reaches them.
    builtinKinds = false)
public final class CapiDeletingConsistent implements ObjectRule {
  static final String DELETING = "Deleting";
  static final String NOT_DELETING = "NotDeleting";

  @Override
  public void check(ObjectCheck check) {
    // Deleting describes the object itself, so only its own status.conditions carry it.
    Optional<Condition> deleting = check.topLevelConditions().flatMap(l -> l.find(DELETING));
    if (deleting.isEmpty()) {
      return;
    }
    Condition c = deleting.get();
    if (c.isTrue() && !check.isDeleting()) {
      check.report(
          c.pointer("status"),
          "'Deleting' is \"True\" but metadata.deletionTimestamp is not set: the object is not being"
              + " deleted.",
          "Set 'Deleting' to \"False\" with reason NotDeleting until deletionTimestamp is set.");
    } else if (c.isFalse() && NOT_DELETING.equals(c.reason()) && check.isDeleting()
        && observedCurrentGeneration(check, c)) {
      check.report(
          c.pointer("reason"),
          "'Deleting' is \"False\" with reason NotDeleting although metadata.deletionTimestamp is set"
              + " and the condition was written for the current generation, which the deletion bumped.",
          "Set 'Deleting' to \"True\" (reason Deleting, with what the deletion waits for) once"
              + " deletionTimestamp is set.");
    }
  }

  private static boolean observedCurrentGeneration(ObjectCheck check, Condition c) {
    OptionalLong generation = check.generation();
    OptionalLong observed = c.observedGeneration();
    return generation.isPresent() && observed.isPresent() && observed.getAsLong() == generation.getAsLong();
  }
}
