package dev.condlint.rules.catalogue;

import static dev.condlint.rules.profile.Level.ERROR;
import static dev.condlint.rules.profile.Level.INFO;
import static dev.condlint.rules.profile.Level.OFF;
import static dev.condlint.rules.profile.Level.WARNING;

import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfos;
import dev.condlint.rules.catalogue.crd.CrdConditionMessageMaxLength;
import dev.condlint.rules.catalogue.crd.CrdConditionObservedGenerationSchema;
import dev.condlint.rules.catalogue.crd.CrdConditionReasonConstraints;
import dev.condlint.rules.catalogue.crd.CrdConditionStatusEnum;
import dev.condlint.rules.catalogue.crd.CrdConditionTimeFormat;
import dev.condlint.rules.catalogue.crd.CrdConditionTypeConstraints;
import dev.condlint.rules.catalogue.crd.CrdConditionsItemIsMetav1;
import dev.condlint.rules.catalogue.crd.CrdConditionsListMap;
import dev.condlint.rules.catalogue.crd.CrdStatusObservedGeneration;
import dev.condlint.rules.catalogue.crd.CrdStatusPhase;
import dev.condlint.rules.catalogue.ecosystem.CapiDeletingConsistent;
import dev.condlint.rules.catalogue.ecosystem.CapiPausedConsistent;
import dev.condlint.rules.catalogue.ecosystem.CapiV1beta1Severity;
import dev.condlint.rules.catalogue.ecosystem.CertManagerApprovalConditions;
import dev.condlint.rules.catalogue.ecosystem.GatewayCustomTypePrefixed;
import dev.condlint.rules.catalogue.ecosystem.KnativeNewObservedGenFailure;
import dev.condlint.rules.catalogue.ecosystem.KnativeSeverityValid;
import dev.condlint.rules.catalogue.ecosystem.KnativeSummaryAggregation;
import dev.condlint.rules.catalogue.generation.ConditionObservedGenerationConsistent;
import dev.condlint.rules.catalogue.generation.ConditionObservedGenerationSet;
import dev.condlint.rules.catalogue.generation.StatusObservedGenerationNonNegative;
import dev.condlint.rules.catalogue.generation.SummaryTrueWithStaleConditions;
import dev.condlint.rules.catalogue.semantics.AbnormalTrueConditionAbsentWhenFalse;
import dev.condlint.rules.catalogue.semantics.KstatusProgressDetectable;
import dev.condlint.rules.catalogue.semantics.ReconcilingStalledExclusive;
import dev.condlint.rules.catalogue.semantics.StatusPhaseField;
import dev.condlint.rules.catalogue.semantics.SummaryConditionPresent;
import dev.condlint.rules.catalogue.semantics.SummaryTrueWhileAbnormal;
import dev.condlint.rules.catalogue.semantics.SummaryTrueWhileReconciling;
import dev.condlint.rules.catalogue.semantics.SummaryTrueWhileStalled;
import dev.condlint.rules.catalogue.semantics.SummaryUnknownNeedsReconciling;
import dev.condlint.rules.catalogue.shape.ConditionLastTransitionTimeRequired;
import dev.condlint.rules.catalogue.shape.ConditionMessagePresent;
import dev.condlint.rules.catalogue.shape.ConditionReasonFormat;
import dev.condlint.rules.catalogue.shape.ConditionReasonRequired;
import dev.condlint.rules.catalogue.shape.ConditionTypeFormat;
import dev.condlint.rules.catalogue.transition.ConditionRemoved;
import dev.condlint.rules.catalogue.transition.ImmutableConditionModified;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.Profile;
import dev.condlint.rules.profile.ProfileNames;
import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.contract.ConditionFamily;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.profile.ProfileSettings;
import dev.condlint.rules.profile.ProfileSettings.RestampPolicy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The built-in profiles of CONVENTIONS.md §4. A profile lists only the levels where it departs from a
 * rule's own default (the {@code k8s} column); ecosystem rules (F01–F08) are off until their profile
 * turns them on.
 */
final class BuiltInProfiles {
  private BuiltInProfiles() {}

  /**
   * Every built-in profile, in the order of §4, with the condition families of {@code catalogue}; read
   * only by {@link Ruleset#builtIn()}.
   */
  static List<Profile> all(Catalogue catalogue) {
    return List.of(
        k8s(),
        kstatus(),
        flux(catalogue),
        knative(catalogue),
        capiV1beta2(catalogue),
        capiV1beta1(catalogue),
        gatewayApi(catalogue),
        certManager(catalogue));
  }

  private static Profile k8s() {
    return new Profile(
        ProfileNames.K8S,
        "Kubernetes API conventions and metav1.Condition (the default)",
        Map.of(),
        ProfileSettings.builder().build());
  }

  private static Profile kstatus() {
    return new Profile(
        ProfileNames.KSTATUS,
        "kstatus (cli-utils): abnormal-true Reconciling/Stalled, Ready as the only summary",
        levels(
            level(AbnormalTrueConditionAbsentWhenFalse.class, WARNING),
            level(SummaryTrueWhileStalled.class, ERROR),
            level(KstatusProgressDetectable.class, WARNING),
            level(ConditionObservedGenerationSet.class, OFF),
            level(SummaryTrueWithStaleConditions.class, OFF),
            level(CrdStatusObservedGeneration.class, WARNING)),
        ProfileSettings.builder()
            .abnormalTrue("Reconciling", "Stalled")
            .presentOnlyWhenAbnormal("Reconciling", "Stalled")
            .summary(false, "Ready")
            .build());
  }

  private static Profile flux(Catalogue catalogue) {
    return new Profile(
        ProfileNames.FLUX,
        "Flux (fluxcd/pkg runtime/conditions and its kstatus conformance checker)",
        levels(
            level(SummaryConditionPresent.class, ERROR),
            level(AbnormalTrueConditionAbsentWhenFalse.class, WARNING),
            level(ReconcilingStalledExclusive.class, ERROR),
            level(SummaryTrueWhileStalled.class, ERROR),
            level(SummaryTrueWhileAbnormal.class, ERROR),
            level(SummaryTrueWhileReconciling.class, INFO),
            level(SummaryUnknownNeedsReconciling.class, WARNING),
            level(KstatusProgressDetectable.class, WARNING),
            level(StatusObservedGenerationNonNegative.class, OFF),
            level(ConditionObservedGenerationSet.class, WARNING),
            level(SummaryTrueWithStaleConditions.class, WARNING),
            level(ConditionObservedGenerationConsistent.class, WARNING),
            level(CrdConditionsListMap.class, INFO),
            level(CrdStatusObservedGeneration.class, WARNING)),
        ProfileSettings.builder()
            .family(family(catalogue, "metav1"))
            .observedGeneration(GenerationTracking.BOTH)
            .abnormalTrue("Reconciling", "Stalled")
            .presentOnlyWhenAbnormal("Reconciling", "Stalled")
            .summary(false, "Ready")
            .restampPolicy(RestampPolicy.REASON_OR_MESSAGE)
            .reconcilingStalledPresenceExclusive(true)
            .observedGenerationAlways(true)
            .build());
  }

  private static Profile knative(Catalogue catalogue) {
    return new Profile(
        ProfileNames.KNATIVE,
        "Knative (knative/pkg apis.Condition and the error-signalling spec)",
        levels(
            level(ConditionTypeFormat.class, WARNING),
            level(ConditionReasonFormat.class, WARNING),
            level(ConditionMessagePresent.class, OFF),
            level(ConditionLastTransitionTimeRequired.class, OFF),
            level(SummaryConditionPresent.class, ERROR),
            level(ReconcilingStalledExclusive.class, OFF),
            level(SummaryTrueWhileAbnormal.class, OFF),
            level(ConditionObservedGenerationSet.class, OFF),
            level(SummaryTrueWithStaleConditions.class, OFF),
            level(CrdConditionsListMap.class, INFO),
            level(CrdConditionStatusEnum.class, INFO),
            level(CrdConditionTypeConstraints.class, INFO),
            level(CrdConditionReasonConstraints.class, INFO),
            level(CrdConditionMessageMaxLength.class, INFO),
            level(CrdConditionTimeFormat.class, INFO),
            level(CrdConditionObservedGenerationSchema.class, INFO),
            level(CrdStatusObservedGeneration.class, WARNING),
            level(CrdConditionsItemIsMetav1.class, OFF),
            level(KnativeSeverityValid.class, ERROR),
            level(KnativeSummaryAggregation.class, ERROR),
            level(KnativeNewObservedGenFailure.class, WARNING)),
        ProfileSettings.builder()
            .family(family(catalogue, "knative"))
            .summary(false, "Ready", "Succeeded")
            .restampPolicy(RestampPolicy.ANY_FIELD)
            .build());
  }

  private static Profile capiV1beta2(Catalogue catalogue) {
    return new Profile(
        ProfileNames.CAPI_V1BETA2,
        "Cluster API v1beta2 (metav1.Condition, always-present Deleting and Paused)",
        levels(
            level(StatusPhaseField.class, OFF),
            level(ConditionObservedGenerationSet.class, WARNING),
            level(CrdStatusPhase.class, OFF),
            level(CapiDeletingConsistent.class, WARNING),
            level(CapiPausedConsistent.class, WARNING)),
        ProfileSettings.builder()
            // For groups mapped to this profile; the catalogue's Cluster API entries classify each
            // kind's own types (Paused, ScalingUp, RollingOut ... as Cluster API's tree view does).
            .family(family(catalogue, "metav1"))
            .observedGeneration(GenerationTracking.BOTH)
            .abnormalTrue("Deleting")
            .summary(false, "Available", "Ready")
            .build());
  }

  private static Profile capiV1beta1(Catalogue catalogue) {
    return new Profile(
        ProfileNames.CAPI_V1BETA1,
        "Cluster API v1beta1 (its own Condition type with severity)",
        levels(
            level(ConditionTypeFormat.class, WARNING),
            level(ConditionReasonRequired.class, OFF),
            level(ConditionReasonFormat.class, WARNING),
            level(ConditionMessagePresent.class, OFF),
            level(ReconcilingStalledExclusive.class, OFF),
            level(StatusPhaseField.class, OFF),
            level(ConditionObservedGenerationSet.class, OFF),
            level(SummaryTrueWithStaleConditions.class, OFF),
            level(CrdStatusPhase.class, OFF),
            level(CrdConditionsItemIsMetav1.class, OFF),
            level(CapiV1beta1Severity.class, ERROR)),
        ProfileSettings.builder()
            .family(family(catalogue, "capi-v1beta1"))
            .summary(false, "Ready")
            .typeMaxLength(256)
            .reasonMaxLength(256)
            .messageMaxLength(10240)
            .messageMinLength(1)
            .restampPolicy(RestampPolicy.REASON_SEVERITY_OR_MESSAGE)
            .build());
  }

  private static Profile gatewayApi(Catalogue catalogue) {
    return new Profile(
        ProfileNames.GATEWAY_API,
        "Gateway API (GEP-1364: positive summaries, negative error conditions, per-condition observedGeneration)",
        levels(
            level(SummaryConditionPresent.class, WARNING),
            level(AbnormalTrueConditionAbsentWhenFalse.class, WARNING),
            level(ConditionObservedGenerationSet.class, WARNING),
            level(ConditionRemoved.class, WARNING),
            level(CrdStatusObservedGeneration.class, OFF),
            level(GatewayCustomTypePrefixed.class, INFO)),
        ProfileSettings.builder()
            .family(family(catalogue, "metav1"))
            .observedGeneration(GenerationTracking.CONDITION)
            .abnormalTrue("Conflicted", "OverlappingTLSConfig")
            // Conflicted documents a False reason (NoConflicts), so it is not present-only-when-abnormal.
            .presentOnlyWhenAbnormal("OverlappingTLSConfig", "InsecureFrontendValidationMode")
            .summary(true, "Accepted")
            .apiDefinedTypes(
                "Accepted",
                "Programmed",
                "Ready",
                "ResolvedRefs",
                "Conflicted",
                "OverlappingTLSConfig",
                "InsecureFrontendValidationMode",
                "PartiallyInvalid",
                "SupportedVersion",
                "Scheduled",
                "AttachedListenerSets")
            .build());
  }

  private static Profile certManager(Catalogue catalogue) {
    return new Profile(
        ProfileNames.CERT_MANAGER,
        "cert-manager (CertificateCondition and friends; Approved/Denied set once)",
        levels(
            level(ConditionTypeFormat.class, WARNING),
            level(ConditionReasonRequired.class, WARNING),
            level(ConditionReasonFormat.class, WARNING),
            level(ConditionMessagePresent.class, OFF),
            level(ConditionLastTransitionTimeRequired.class, OFF),
            level(CrdStatusObservedGeneration.class, OFF),
            level(CrdConditionTypeConstraints.class, INFO),
            level(CrdConditionReasonConstraints.class, INFO),
            level(CrdConditionMessageMaxLength.class, INFO),
            level(CrdConditionsItemIsMetav1.class, OFF),
            level(ImmutableConditionModified.class, ERROR),
            level(CertManagerApprovalConditions.class, ERROR)),
        ProfileSettings.builder()
            .family(family(catalogue, "certmanager"))
            .observedGeneration(GenerationTracking.BOTH)
            .summary(false, "Ready")
            // cert-manager's webhook guards these on CertificateRequests only.
            .immutableTypesForKind("CertificateRequest", "Approved", "Denied")
            .removableTypes("Issuing")
            .build());
  }

  private static ConditionFamily family(Catalogue catalogue, String id) {
    ConditionFamily family = catalogue.families().get(id);
    if (family == null) {
      throw new IllegalStateException("the catalogue has no condition family " + id);
    }
    return family;
  }

  /** A rule's level in a profile, named by the rule's class so that a renamed or removed rule cannot be missed. */
  private record RuleLevel(Class<? extends Rule> rule, Level level) {}

  private static RuleLevel level(Class<? extends Rule> rule, Level level) {
    return new RuleLevel(rule, level);
  }

  private static Map<String, Level> levels(RuleLevel... levels) {
    Map<String, Level> m = new LinkedHashMap<>();
    for (RuleLevel l : levels) {
      m.put(RuleInfos.of(l.rule()).id(), l.level());
    }
    return m;
  }
}
