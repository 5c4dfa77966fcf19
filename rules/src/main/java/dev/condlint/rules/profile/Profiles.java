package dev.condlint.rules.profile;

import static dev.condlint.rules.profile.Level.ERROR;
import static dev.condlint.rules.profile.Level.INFO;
import static dev.condlint.rules.profile.Level.OFF;
import static dev.condlint.rules.profile.Level.WARNING;

import dev.condlint.model.Condition;
import dev.condlint.rules.profile.ProfileSettings.RestampPolicy;
import dev.condlint.rules.profile.ProfileSettings.SummaryMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in profiles of CONVENTIONS.md §4. A profile lists only the levels where it departs from a
 * rule's own default (the {@code k8s} column); ecosystem rules (F01–F08) are off until their profile
 * turns them on.
 */
public final class Profiles {
  private static final Map<String, Profile> ALL = new LinkedHashMap<>();

  static {
    ALL.put(ProfileNames.K8S, k8s());
    ALL.put(ProfileNames.KSTATUS, kstatus());
    ALL.put(ProfileNames.FLUX, flux());
    ALL.put(ProfileNames.KNATIVE, knative());
    ALL.put(ProfileNames.CAPI_V1BETA2, capiV1beta2());
    ALL.put(ProfileNames.CAPI_V1BETA1, capiV1beta1());
    ALL.put(ProfileNames.GATEWAY_API, gatewayApi());
    ALL.put(ProfileNames.CERT_MANAGER, certManager());
  }

  private Profiles() {}

  /** Every built-in profile, in the order of §4. */
  public static List<Profile> all() {
    return List.copyOf(ALL.values());
  }

  public static Optional<Profile> named(String name) {
    return Optional.ofNullable(ALL.get(name));
  }

  public static List<String> names() {
    return List.copyOf(ALL.keySet());
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
            "abnormal-true-condition-absent-when-false", WARNING,
            "summary-true-while-stalled", ERROR,
            "kstatus-progress-detectable", WARNING,
            "condition-observed-generation-set", OFF,
            "summary-true-with-stale-conditions", OFF,
            "crd-status-observed-generation", WARNING),
        ProfileSettings.builder()
            .negativeTypes("Reconciling", "Stalled")
            .presentOnlyWhenAbnormal("Reconciling", "Stalled")
            .summaryTypes("Ready")
            .build());
  }

  private static Profile flux() {
    return new Profile(
        ProfileNames.FLUX,
        "Flux (fluxcd/pkg runtime/conditions and its kstatus conformance checker)",
        levels(
            "summary-condition-present", ERROR,
            "abnormal-true-condition-absent-when-false", WARNING,
            "reconciling-stalled-exclusive", ERROR,
            "summary-true-while-stalled", ERROR,
            "summary-true-while-abnormal", ERROR,
            "summary-true-while-reconciling", INFO,
            "summary-unknown-needs-reconciling", WARNING,
            "kstatus-progress-detectable", WARNING,
            "status-observed-generation-non-negative", OFF,
            "condition-observed-generation-set", WARNING,
            "summary-true-with-stale-conditions", WARNING,
            "condition-observed-generation-consistent", WARNING,
            "crd-conditions-list-map", INFO,
            "crd-status-observed-generation", WARNING),
        ProfileSettings.builder()
            .negativeTypes("Reconciling", "Stalled")
            .presentOnlyWhenAbnormal("Reconciling", "Stalled")
            .summaryTypes("Ready")
            .restampPolicy(RestampPolicy.REASON_OR_MESSAGE)
            .reconcilingStalledPresenceExclusive(true)
            .build());
  }

  private static Profile knative() {
    return new Profile(
        ProfileNames.KNATIVE,
        "Knative (knative/pkg apis.Condition and the error-signalling spec)",
        levels(
            "condition-type-format", WARNING,
            "condition-reason-format", WARNING,
            "condition-message-present", OFF,
            "condition-last-transition-time-required", OFF,
            "summary-condition-present", ERROR,
            "reconciling-stalled-exclusive", OFF,
            "summary-true-while-abnormal", OFF,
            "condition-observed-generation-set", OFF,
            "summary-true-with-stale-conditions", OFF,
            "crd-conditions-list-map", INFO,
            "crd-condition-status-enum", INFO,
            "crd-condition-type-constraints", INFO,
            "crd-condition-reason-constraints", INFO,
            "crd-condition-message-maxlength", INFO,
            "crd-condition-time-format", INFO,
            "crd-condition-observed-generation-schema", INFO,
            "crd-status-observed-generation", WARNING,
            "crd-conditions-item-is-metav1", OFF,
            "knative-severity-valid", ERROR,
            "knative-summary-aggregation", ERROR,
            "knative-new-observed-gen-failure", WARNING),
        ProfileSettings.builder()
            .summaryTypes("Ready", "Succeeded")
            .conditionFields("type", "status", "severity", "lastTransitionTime", "reason", "message")
            .reasonRequiredStatuses(Condition.FALSE)
            .messageRequired(false)
            .restampPolicy(RestampPolicy.ANY_FIELD)
            .build());
  }

  private static Profile capiV1beta2() {
    return new Profile(
        ProfileNames.CAPI_V1BETA2,
        "Cluster API v1beta2 (metav1.Condition, always-present Deleting and Paused)",
        levels(
            "status-phase-field", OFF,
            "condition-observed-generation-set", WARNING,
            "crd-status-phase", OFF,
            "capi-deleting-consistent", WARNING,
            "capi-paused-consistent", WARNING),
        ProfileSettings.builder()
            // Only Deleting is declared negative in Cluster API's own summary code. Paused, ScalingUp,
            // ScalingDown, RollingOut and Remediating describe ongoing work that coexists with
            // Available=True (a rollout of a healthy MachineDeployment), so they stay unclassified.
            .negativeTypes("Deleting")
            .summaryTypes("Available", "Ready")
            .summaryTypesForKind("Cluster", "Available")
            .summaryTypesForKind("MachineDeployment", "Available")
            .summaryTypesForKind("KubeadmControlPlane", "Available")
            .summaryTypesForKind("MachinePool", "Available")
            .summaryTypesForKind("Machine", "Ready")
            .build());
  }

  private static Profile capiV1beta1() {
    return new Profile(
        ProfileNames.CAPI_V1BETA1,
        "Cluster API v1beta1 (its own Condition type with severity)",
        levels(
            "condition-type-format", WARNING,
            "condition-reason-required", OFF,
            "condition-reason-format", WARNING,
            "condition-message-present", OFF,
            "reconciling-stalled-exclusive", OFF,
            "status-phase-field", OFF,
            "condition-observed-generation-set", OFF,
            "summary-true-with-stale-conditions", OFF,
            "crd-status-phase", OFF,
            "crd-conditions-item-is-metav1", OFF,
            "capi-v1beta1-severity", ERROR),
        ProfileSettings.builder()
            .summaryTypes("Ready")
            .conditionFields("type", "status", "severity", "lastTransitionTime", "reason", "message")
            .messageRequired(false)
            .typeMaxLength(256)
            .reasonMaxLength(256)
            .messageMaxLength(10240)
            .messageMinLength(1)
            .restampPolicy(RestampPolicy.REASON_SEVERITY_OR_MESSAGE)
            .build());
  }

  private static Profile gatewayApi() {
    return new Profile(
        ProfileNames.GATEWAY_API,
        "Gateway API (GEP-1364: positive summaries, negative error conditions, per-condition observedGeneration)",
        levels(
            "summary-condition-present", WARNING,
            "abnormal-true-condition-absent-when-false", WARNING,
            "condition-observed-generation-set", WARNING,
            "condition-removed", WARNING,
            "crd-status-observed-generation", OFF,
            "gateway-custom-type-prefixed", INFO),
        ProfileSettings.builder()
            .negativeTypes("Conflicted", "OverlappingTLSConfig")
            // Conflicted documents a False reason (NoConflicts), so it is not present-only-when-abnormal.
            .presentOnlyWhenAbnormal("OverlappingTLSConfig", "InsecureFrontendValidationMode")
            .summaryMode(SummaryMode.ALL)
            .summaryTypes("Accepted")
            .summaryTypesForKind("GatewayClass", "Accepted")
            .summaryTypesForKind("Gateway", "Accepted", "Programmed")
            .summaryTypesForKind("ListenerSet", "Accepted", "Programmed")
            .summaryTypesForKind("HTTPRoute", "Accepted", "ResolvedRefs")
            .summaryTypesForKind("GRPCRoute", "Accepted", "ResolvedRefs")
            .summaryTypesForKind("TLSRoute", "Accepted", "ResolvedRefs")
            .summaryTypesForKind("TCPRoute", "Accepted", "ResolvedRefs")
            .summaryTypesForKind("UDPRoute", "Accepted", "ResolvedRefs")
            .summaryTypesForKind("BackendTLSPolicy", "Accepted", "ResolvedRefs")
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

  private static Profile certManager() {
    return new Profile(
        ProfileNames.CERT_MANAGER,
        "cert-manager (CertificateCondition and friends; Approved/Denied set once)",
        levels(
            "condition-type-format", WARNING,
            "condition-reason-required", WARNING,
            "condition-reason-format", WARNING,
            "condition-message-present", OFF,
            "condition-last-transition-time-required", OFF,
            "crd-status-observed-generation", OFF,
            "crd-condition-type-constraints", INFO,
            "crd-condition-reason-constraints", INFO,
            "crd-condition-message-maxlength", INFO,
            "crd-conditions-item-is-metav1", OFF,
            "immutable-condition-modified", ERROR,
            "certmanager-approval-conditions", ERROR),
        ProfileSettings.builder()
            .summaryTypes("Ready")
            .conditionFields(
                "type", "status", "lastTransitionTime", "reason", "message", "observedGeneration")
            .messageRequired(false)
            // cert-manager's webhook guards these on CertificateRequests only.
            .immutableTypesForKind("CertificateRequest", "Approved", "Denied")
            .removableTypes("Issuing")
            .build());
  }

  private static Map<String, Level> levels(Object... pairs) {
    Map<String, Level> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put((String) pairs[i], (Level) pairs[i + 1]);
    }
    return m;
  }
}
