package dev.condlint.rules.catalogue;

import dev.condlint.rules.api.Rule;
import dev.condlint.rules.catalogue.crd.CrdCelNotEvaluated;
import dev.condlint.rules.catalogue.crd.CrdConditionMessageMaxLength;
import dev.condlint.rules.catalogue.crd.CrdConditionObservedGenerationSchema;
import dev.condlint.rules.catalogue.crd.CrdConditionReasonConstraints;
import dev.condlint.rules.catalogue.crd.CrdConditionRequiredFields;
import dev.condlint.rules.catalogue.crd.CrdConditionStatusEnum;
import dev.condlint.rules.catalogue.crd.CrdConditionTimeFormat;
import dev.condlint.rules.catalogue.crd.CrdConditionTypeConstraints;
import dev.condlint.rules.catalogue.crd.CrdConditionsDefaultValid;
import dev.condlint.rules.catalogue.crd.CrdConditionsItemIsMetav1;
import dev.condlint.rules.catalogue.crd.CrdConditionsListMap;
import dev.condlint.rules.catalogue.crd.CrdConditionsMaxItems;
import dev.condlint.rules.catalogue.crd.CrdConditionsSchemaOpaque;
import dev.condlint.rules.catalogue.crd.CrdListMapStructural;
import dev.condlint.rules.catalogue.crd.CrdStatusFieldsOptional;
import dev.condlint.rules.catalogue.crd.CrdStatusObservedGeneration;
import dev.condlint.rules.catalogue.crd.CrdStatusPhase;
import dev.condlint.rules.catalogue.crd.CrdStatusSubresource;
import dev.condlint.rules.catalogue.deadline.PickupDeadlineExceeded;
import dev.condlint.rules.catalogue.deadline.ProgressDeadlineExceeded;
import dev.condlint.rules.catalogue.deadline.StalledWithoutRecovery;
import dev.condlint.rules.catalogue.ecosystem.CapiDeletingConsistent;
import dev.condlint.rules.catalogue.ecosystem.CapiPausedConsistent;
import dev.condlint.rules.catalogue.ecosystem.CapiV1beta1Severity;
import dev.condlint.rules.catalogue.ecosystem.CertManagerApprovalConditions;
import dev.condlint.rules.catalogue.ecosystem.GatewayCustomTypePrefixed;
import dev.condlint.rules.catalogue.ecosystem.KnativeNewObservedGenFailure;
import dev.condlint.rules.catalogue.ecosystem.KnativeSeverityValid;
import dev.condlint.rules.catalogue.ecosystem.KnativeSummaryAggregation;
import dev.condlint.rules.catalogue.generation.ConditionObservedGenerationConsistent;
import dev.condlint.rules.catalogue.generation.ConditionObservedGenerationNotAhead;
import dev.condlint.rules.catalogue.generation.ConditionObservedGenerationSet;
import dev.condlint.rules.catalogue.generation.StatusObservedGenerationNonNegative;
import dev.condlint.rules.catalogue.generation.StatusObservedGenerationNotAhead;
import dev.condlint.rules.catalogue.generation.SummaryTrueButStale;
import dev.condlint.rules.catalogue.generation.SummaryTrueWithStaleConditions;
import dev.condlint.rules.catalogue.meta.DuplicateKey;
import dev.condlint.rules.catalogue.meta.UnusedSuppression;
import dev.condlint.rules.catalogue.sample.SampleCrdMissing;
import dev.condlint.rules.catalogue.sample.SampleSchema;
import dev.condlint.rules.catalogue.sample.SampleStatusSchema;
import dev.condlint.rules.catalogue.semantics.AbnormalTrueConditionAbsentWhenFalse;
import dev.condlint.rules.catalogue.semantics.ConditionLastTransitionTimeNotFuture;
import dev.condlint.rules.catalogue.semantics.ConditionMessageInformative;
import dev.condlint.rules.catalogue.semantics.ConditionMessageWhenAbnormal;
import dev.condlint.rules.catalogue.semantics.ConditionTypeObservedState;
import dev.condlint.rules.catalogue.semantics.ConditionTypePascalCase;
import dev.condlint.rules.catalogue.semantics.ConditionTypeShort;
import dev.condlint.rules.catalogue.semantics.KstatusProgressDetectable;
import dev.condlint.rules.catalogue.semantics.ReconcilingStalledExclusive;
import dev.condlint.rules.catalogue.semantics.StatusPhaseField;
import dev.condlint.rules.catalogue.semantics.SummaryConditionPresent;
import dev.condlint.rules.catalogue.semantics.SummaryTrueWhileAbnormal;
import dev.condlint.rules.catalogue.semantics.SummaryTrueWhileReconciling;
import dev.condlint.rules.catalogue.semantics.SummaryTrueWhileStalled;
import dev.condlint.rules.catalogue.semantics.SummaryUnknownNeedsReconciling;
import dev.condlint.rules.catalogue.shape.ConditionFieldYamlType;
import dev.condlint.rules.catalogue.shape.ConditionLastTransitionTimeFormat;
import dev.condlint.rules.catalogue.shape.ConditionLastTransitionTimeRequired;
import dev.condlint.rules.catalogue.shape.ConditionMessageMaxLength;
import dev.condlint.rules.catalogue.shape.ConditionMessagePresent;
import dev.condlint.rules.catalogue.shape.ConditionObservedGenerationValid;
import dev.condlint.rules.catalogue.shape.ConditionReasonCamelCase;
import dev.condlint.rules.catalogue.shape.ConditionReasonFormat;
import dev.condlint.rules.catalogue.shape.ConditionReasonRequired;
import dev.condlint.rules.catalogue.shape.ConditionStatusValue;
import dev.condlint.rules.catalogue.shape.ConditionTypeFormat;
import dev.condlint.rules.catalogue.shape.ConditionTypeRequired;
import dev.condlint.rules.catalogue.shape.ConditionTypeUnique;
import dev.condlint.rules.catalogue.shape.ConditionUnknownField;
import dev.condlint.rules.catalogue.shape.ConditionsListShape;
import dev.condlint.rules.catalogue.systems.ArcFailedRunnerLeft;
import dev.condlint.rules.catalogue.systems.ArcFailureBackoffViolated;
import dev.condlint.rules.catalogue.systems.ArcFailuresBoolean;
import dev.condlint.rules.catalogue.systems.ArcFailuresOverLimit;
import dev.condlint.rules.catalogue.systems.LandscaperAbortTimeoutUnmarked;
import dev.condlint.rules.catalogue.systems.LandscaperPickupTimeoutUnmarked;
import dev.condlint.rules.catalogue.systems.LandscaperProgressingTimeoutUnmarked;
import dev.condlint.rules.catalogue.systems.LandscaperTimeoutFailureInconsistent;
import dev.condlint.rules.catalogue.transition.ConditionRemoved;
import dev.condlint.rules.catalogue.transition.ImmutableConditionModified;
import dev.condlint.rules.catalogue.transition.MonotonicConditionRegressed;
import dev.condlint.rules.catalogue.transition.ObservedGenerationNotDecreasing;
import dev.condlint.rules.catalogue.transition.TransitionTimeBumpedOnStatusChange;
import dev.condlint.rules.catalogue.transition.TransitionTimeNotBackwards;
import dev.condlint.rules.catalogue.transition.TransitionTimeStableWithoutStatusChange;
import java.util.List;

/**
 * The one list of built-in rules, in catalogue order (A, B, C, D, E, F, then the rest), read only by
 * {@link Ruleset#builtIn()}: the engine runs it, {@code condlint rules} lists it, the reference is
 * generated from it. A new rule is one class, its examples, and its line here (docs/contributing.md).
 */
final class BuiltInRules {
  private static final List<Rule> ALL =
      List.of(
      // A: the shape of each condition (CONVENTIONS.md §2 A)
      new ConditionsListShape(),
      new ConditionTypeRequired(),
      new ConditionTypeFormat(),
      new ConditionTypeUnique(),
      new ConditionStatusValue(),
      new ConditionFieldYamlType(),
      new ConditionReasonRequired(),
      new ConditionReasonFormat(),
      new ConditionReasonCamelCase(),
      new ConditionMessagePresent(),
      new ConditionMessageMaxLength(),
      new ConditionLastTransitionTimeRequired(),
      new ConditionLastTransitionTimeFormat(),
      new ConditionObservedGenerationValid(),
      new ConditionUnknownField(),
      // B: what the conditions say (§2 B)
      new ConditionTypePascalCase(),
      new ConditionTypeShort(),
      new ConditionTypeObservedState(),
      new ConditionMessageWhenAbnormal(),
      new ConditionMessageInformative(),
      new ConditionLastTransitionTimeNotFuture(),
      new SummaryConditionPresent(),
      new AbnormalTrueConditionAbsentWhenFalse(),
      new ReconcilingStalledExclusive(),
      new SummaryTrueWhileStalled(),
      new SummaryTrueWhileAbnormal(),
      new SummaryTrueWhileReconciling(),
      new SummaryUnknownNeedsReconciling(),
      new KstatusProgressDetectable(),
      new StatusPhaseField(),
      // C: observedGeneration (§2 C)
      new ConditionObservedGenerationNotAhead(),
      new StatusObservedGenerationNotAhead(),
      new StatusObservedGenerationNonNegative(),
      new ConditionObservedGenerationSet(),
      new SummaryTrueButStale(),
      new SummaryTrueWithStaleConditions(),
      new ConditionObservedGenerationConsistent(),
      // D: UPDATEs, old object to new (§2 D)
      new TransitionTimeBumpedOnStatusChange(),
      new TransitionTimeStableWithoutStatusChange(),
      new TransitionTimeNotBackwards(),
      new ObservedGenerationNotDecreasing(),
      new ConditionRemoved(),
      new ImmutableConditionModified(),
      new MonotonicConditionRegressed(),
      // E: a CRD's status schema, per entry of spec.versions (§2 E)
      new CrdStatusSubresource(),
      new CrdConditionsListMap(),
      new CrdListMapStructural(),
      new CrdConditionRequiredFields(),
      new CrdConditionStatusEnum(),
      new CrdConditionTypeConstraints(),
      new CrdConditionReasonConstraints(),
      new CrdConditionMessageMaxLength(),
      new CrdConditionTimeFormat(),
      new CrdConditionObservedGenerationSchema(),
      new CrdConditionsMaxItems(),
      new CrdStatusFieldsOptional(),
      new CrdStatusObservedGeneration(),
      new CrdStatusPhase(),
      new CrdConditionsSchemaOpaque(),
      new CrdConditionsDefaultValid(),
      new CrdConditionsItemIsMetav1(),
      new CrdCelNotEvaluated(),
      // F: one ecosystem each, on only in its profile (§2 F)
      new KnativeSeverityValid(),
      new CapiV1beta1Severity(),
      new KnativeSummaryAggregation(),
      new KnativeNewObservedGenFailure(),
      new CapiDeletingConsistent(),
      new CapiPausedConsistent(),
      new CertManagerApprovalConditions(),
      new GatewayCustomTypePrefixed(),
      // kstatus's view of an object over time: reconciles and stalls that outlast their deadlines
      new ProgressDeadlineExceeded(),
      new PickupDeadlineExceeded(),
      new StalledWithoutRecovery(),
      // two systems on their own terms: Landscaper deploy items and ARC ephemeral runners
      new LandscaperPickupTimeoutUnmarked(),
      new LandscaperProgressingTimeoutUnmarked(),
      new LandscaperAbortTimeoutUnmarked(),
      new LandscaperTimeoutFailureInconsistent(),
      new ArcFailuresOverLimit(),
      new ArcFailedRunnerLeft(),
      new ArcFailureBackoffViolated(),
      new ArcFailuresBoolean(),
      // custom resources against the CRDs found among the inputs
      new SampleSchema(),
      new SampleStatusSchema(),
      new SampleCrdMissing(),
      // condlint's own input: duplicate keys, suppressions that suppress nothing
      new DuplicateKey(),
      new UnusedSuppression());

  private BuiltInRules() {}

  /** Every built-in rule, in catalogue order. */
  static List<Rule> all() {
    return ALL;
  }
}
