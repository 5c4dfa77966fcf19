package dev.condlint.rules.profile;

import dev.condlint.rules.contract.ConditionFamily;
import dev.condlint.rules.contract.ListSpec;
import dev.condlint.rules.contract.TypeFacts;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What a profile holds beyond rule levels. Its knowledge (condition family, polarities, summaries,
 * per-type facts, the family whose limits hold by convention, how its setter re-stamps
 * lastTransitionTime) is read from the catalogue's profiles.json; what is left here is the mechanism:
 * the clock skew the time rules tolerate and the switches of two checks.
 *
 * @param conventions what the profile says of the object's conditions, per-type facts included: a
 *     source of the object's contract
 * @param kinds per-type facts added to the profile's own for objects of one kind (cert-manager's
 *     CertificateRequest: Approved and Denied are immutable)
 * @param conventionFamily the condition family whose constraints (lengths) the format rules hold a list
 *     to where its own declared family lists none
 * @param restampPolicy which writes may re-stamp lastTransitionTime without a status change (D02)
 * @param reconcilingStalledPresenceExclusive Flux: Reconciling and Stalled may not even be present
 *     together (B09), not only not both True
 * @param observedGenerationAlways Flux: a condition's observedGeneration must be 1 or more even where
 *     metadata.generation is absent (its conformance checker's WARN0005)
 * @param clockSkew how far in the future a lastTransitionTime may be before B06 reports it
 */
public record ProfileSettings(
    ListSpec conventions,
    Map<String, TypeFacts> kinds,
    Optional<ConditionFamily> conventionFamily,
    RestampPolicy restampPolicy,
    boolean reconcilingStalledPresenceExclusive,
    boolean observedGenerationAlways,
    Duration clockSkew) {

  /** The clock skew B06 tolerates unless the configuration sets another. */
  public static final Duration DEFAULT_CLOCK_SKEW = Duration.ofMinutes(5);

  /** Settings that say nothing of condition types. */
  public static final ProfileSettings NONE = new ProfileSettings(
      ListSpec.EMPTY, Map.of(), Optional.empty(), RestampPolicy.STATUS_ONLY, false, false, DEFAULT_CLOCK_SKEW);

  /** Which writes may re-stamp lastTransitionTime without a status change (rule D02). */
  public enum RestampPolicy {
    /** Only a status change (meta.SetStatusCondition, Cluster API v1beta2). */
    STATUS_ONLY,
    /** Also a change of reason or message (Flux). */
    REASON_OR_MESSAGE,
    /** Also a change of reason, severity or message (Cluster API v1beta1). */
    REASON_SEVERITY_OR_MESSAGE,
    /** Any other field change (Knative SetCondition). */
    ANY_FIELD
  }

  /** The per-type facts in force: the profile's, with what the configuration and the kind's entries say. */
  public TypeFacts facts() {
    return conventions.facts();
  }

  /** The per-type facts for objects of a kind: the profile's own and those it states for the kind. */
  public TypeFacts factsFor(String kind) {
    TypeFacts own = kinds.get(kind);
    return own == null ? facts() : facts().plus(own);
  }

  /** These settings with other per-type facts. */
  public ProfileSettings withFacts(TypeFacts facts) {
    ListSpec c = conventions;
    return new ProfileSettings(new ListSpec(c.family(), c.fields(), c.types(), c.typeEndings(), c.summary(),
        c.generation(), facts, c.constraints()), kinds, conventionFamily, restampPolicy, reconcilingStalledPresenceExclusive,
        observedGenerationAlways, clockSkew);
  }

  public ProfileSettings withClockSkew(Duration skew) {
    return new ProfileSettings(conventions, kinds, conventionFamily, restampPolicy, reconcilingStalledPresenceExclusive,
        observedGenerationAlways, skew);
  }
}
