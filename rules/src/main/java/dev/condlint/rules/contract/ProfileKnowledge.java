package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import java.util.Map;
import java.util.Optional;

/**
 * What the object's profile says about its own condition list ({@code status.conditions}): kstatus,
 * that Reconciling and Stalled are abnormal-true; flux, metav1.Condition with a Ready summary. It ranks
 * below the catalogue, whose entries are about the very kind; and only a profile the user chose (for
 * named groups, or for every object with {@code --profile}) vouches for the kinds' condition family.
 *
 * @param includesFamily whether the profile's family counts as the kinds' condition type
 */
public record ProfileKnowledge(ListSpec spec, ContractBasis basis, boolean includesFamily) {

  public static final ProfileKnowledge NONE =
      new ProfileKnowledge(ListSpec.EMPTY, new ContractBasis(ContractBasis.Source.CATALOGUE, "no profile"), false);

  /**
   * The part of the spec this profile may speak for. A profile that does not vouch for the family does
   * not vouch for a per-condition observedGeneration either: that is a field of the condition type (a
   * Cluster API provider's v1beta2 API may still carry v1beta1 conditions, which have none).
   */
  ListSpec effective() {
    return includesFamily ? spec : new ListSpec(Optional.empty(), Map.of(), spec.types(),
        spec.typeEndings(), spec.summary(), spec.generation().flatMap(ProfileKnowledge::statusPart));
  }

  private static Optional<GenerationTracking> statusPart(GenerationTracking tracking) {
    return switch (tracking) {
      case BOTH, STATUS -> Optional.of(GenerationTracking.STATUS);
      case CONDITION -> Optional.empty();
      case NONE -> Optional.of(GenerationTracking.NONE);
    };
  }
}
