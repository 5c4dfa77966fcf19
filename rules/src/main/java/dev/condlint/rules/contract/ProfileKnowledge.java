package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;

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

  /** The part of the spec this profile may speak for. */
  ListSpec effective() {
    return includesFamily ? spec : new ListSpec(java.util.Optional.empty(), java.util.Map.of(), spec.types(),
        spec.typeEndings(), spec.summary(), spec.generation());
  }
}
