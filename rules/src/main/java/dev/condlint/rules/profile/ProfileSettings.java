package dev.condlint.rules.profile;

import dev.condlint.model.Condition;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The per-type knowledge a profile carries (CONVENTIONS.md §4): which condition types are
 * negative-polarity, which are present only when abnormal, which summarise the object, and the field
 * set and limits of its condition type. Immutable; change it through {@link #toBuilder()}.
 */
public final class ProfileSettings {

  /** How the summary types of {@link #summaryTypesFor(String)} must appear. */
  public enum SummaryMode {
    /** At least one of them (k8s: Ready or Succeeded). */
    ANY,
    /** Every one of them (Gateway API: all relevant positive-polarity summary conditions). */
    ALL
  }

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

  public static final Set<String> METAV1_FIELDS =
      Set.of("type", "status", "observedGeneration", "lastTransitionTime", "reason", "message");

  private final Set<String> negativeTypes;
  private final Set<String> positiveTypes;
  private final Set<String> presentOnlyWhenAbnormal;
  private final List<String> summaryTypes;
  private final Map<String, List<String>> summaryTypesByKind;
  private final SummaryMode summaryMode;
  private final Set<String> dependentTypes;
  private final Set<String> immutableTypes;
  private final Map<String, Set<String>> immutableTypesByKind;
  private final Map<String, String> monotonicTypes;
  private final Set<String> removableTypes;
  private final Set<String> observedStateAllowList;
  private final Set<String> apiDefinedTypes;
  private final Duration clockSkew;
  private final Set<String> conditionFields;
  private final Set<String> reasonRequiredStatuses;
  private final boolean messageRequired;
  private final int typeMaxLength;
  private final int reasonMaxLength;
  private final int messageMaxLength;
  private final int messageMinLength;
  private final RestampPolicy restampPolicy;
  private final boolean reconcilingStalledPresenceExclusive;

  private ProfileSettings(Builder b) {
    negativeTypes = Set.copyOf(b.negativeTypes);
    positiveTypes = Set.copyOf(b.positiveTypes);
    presentOnlyWhenAbnormal = Set.copyOf(b.presentOnlyWhenAbnormal);
    summaryTypes = List.copyOf(b.summaryTypes);
    summaryTypesByKind = Map.copyOf(b.summaryTypesByKind);
    summaryMode = b.summaryMode;
    dependentTypes = Set.copyOf(b.dependentTypes);
    immutableTypes = Set.copyOf(b.immutableTypes);
    immutableTypesByKind = copyPerKind(b.immutableTypesByKind);
    monotonicTypes = Map.copyOf(b.monotonicTypes);
    removableTypes = Set.copyOf(b.removableTypes);
    observedStateAllowList = Set.copyOf(b.observedStateAllowList);
    apiDefinedTypes = Set.copyOf(b.apiDefinedTypes);
    clockSkew = b.clockSkew;
    conditionFields = Set.copyOf(b.conditionFields);
    reasonRequiredStatuses = Set.copyOf(b.reasonRequiredStatuses);
    messageRequired = b.messageRequired;
    typeMaxLength = b.typeMaxLength;
    reasonMaxLength = b.reasonMaxLength;
    messageMaxLength = b.messageMaxLength;
    messageMinLength = b.messageMinLength;
    restampPolicy = b.restampPolicy;
    reconcilingStalledPresenceExclusive = b.reconcilingStalledPresenceExclusive;
  }

  /** Types whose {@code "True"} is the abnormal state (kstatus Reconciling, Stalled). */
  public Set<String> negativeTypes() {
    return negativeTypes;
  }

  /** Types declared normal-true; a {@code "False"} dependent of these makes a True summary suspect (B11). */
  public Set<String> positiveTypes() {
    return positiveTypes;
  }

  public boolean isNegative(String type) {
    return negativeTypes.contains(type);
  }

  /** Whether this condition is in its abnormal state: False for positive or unclassified types, True for negative ones, Unknown for any. */
  public boolean isAbnormal(Condition c) {
    String type = c.type().orElse("");
    if (c.isUnknown()) {
      return true;
    }
    return isNegative(type) ? c.isTrue() : c.isFalse();
  }

  /** Types that must be absent rather than False (B08); independent of polarity. */
  public Set<String> presentOnlyWhenAbnormal() {
    return presentOnlyWhenAbnormal;
  }

  /** The summary types (Ready, Succeeded, ...) for objects of this kind. */
  public List<String> summaryTypesFor(String kind) {
    return summaryTypesByKind.getOrDefault(kind, summaryTypes);
  }

  public List<String> summaryTypes() {
    return summaryTypes;
  }

  public Map<String, List<String>> summaryTypesByKind() {
    return summaryTypesByKind;
  }

  public SummaryMode summaryMode() {
    return summaryMode;
  }

  /** Positive types whose False should make the summary False (B11); empty unless configured. */
  public Set<String> dependentTypes() {
    return dependentTypes;
  }

  /** Types that may not change once set (D06), for objects of every kind. */
  public Set<String> immutableTypes() {
    return immutableTypes;
  }

  /** Types that may not change once set (D06) in objects of this kind: the common ones and the kind's own. */
  public Set<String> immutableTypesFor(String kind) {
    Set<String> types = new LinkedHashSet<>(immutableTypes);
    types.addAll(immutableTypesByKind.getOrDefault(kind, Set.of()));
    return types;
  }

  public Map<String, Set<String>> immutableTypesByKind() {
    return immutableTypesByKind;
  }

  /** Type to terminal status (D07), e.g. {@code Succeeded -> True}. */
  public Map<String, String> monotonicTypes() {
    return monotonicTypes;
  }

  /** Types whose removal is expected (D05 stays quiet), besides the present-only-when-abnormal ones. */
  public Set<String> removableTypes() {
    return removableTypes;
  }

  /** Present-tense types accepted as long-running observed states (B03). */
  public Set<String> observedStateAllowList() {
    return observedStateAllowList;
  }

  /** Types the API itself defines; others should carry a domain prefix (F08). */
  public Set<String> apiDefinedTypes() {
    return apiDefinedTypes;
  }

  /** How far in the future a lastTransitionTime may be before B06 reports it. */
  public Duration clockSkew() {
    return clockSkew;
  }

  /** The fields this ecosystem's condition type has (A15). */
  public Set<String> conditionFields() {
    return conditionFields;
  }

  /** The statuses for which a reason is required (A07): all three, or only False in Knative. */
  public Set<String> reasonRequiredStatuses() {
    return reasonRequiredStatuses;
  }

  /** Whether the {@code message} key must be present (A10). */
  public boolean messageRequired() {
    return messageRequired;
  }

  public int typeMaxLength() {
    return typeMaxLength;
  }

  public int reasonMaxLength() {
    return reasonMaxLength;
  }

  public int messageMaxLength() {
    return messageMaxLength;
  }

  /** The least length of a present message: 1 in Cluster API v1beta1, else 0. */
  public int messageMinLength() {
    return messageMinLength;
  }

  public RestampPolicy restampPolicy() {
    return restampPolicy;
  }

  /** Flux: Reconciling and Stalled may not even be present together (B09), not only not both True. */
  public boolean reconcilingStalledPresenceExclusive() {
    return reconcilingStalledPresenceExclusive;
  }

  private static Map<String, Set<String>> copyPerKind(Map<String, Set<String>> perKind) {
    Map<String, Set<String>> copy = new LinkedHashMap<>();
    perKind.forEach((kind, types) -> copy.put(kind, Set.copyOf(types)));
    return Map.copyOf(copy);
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Builds settings; starts from the metav1.Condition defaults of the {@code k8s} profile. */
  public static final class Builder {
    private Set<String> negativeTypes = new LinkedHashSet<>();
    private Set<String> positiveTypes = new LinkedHashSet<>();
    private Set<String> presentOnlyWhenAbnormal = new LinkedHashSet<>();
    private List<String> summaryTypes = List.of("Ready", "Succeeded");
    private Map<String, List<String>> summaryTypesByKind = new LinkedHashMap<>();
    private SummaryMode summaryMode = SummaryMode.ANY;
    private Set<String> dependentTypes = new LinkedHashSet<>();
    private Set<String> immutableTypes = new LinkedHashSet<>();
    private Map<String, Set<String>> immutableTypesByKind = new LinkedHashMap<>();
    private Map<String, String> monotonicTypes = new LinkedHashMap<>();
    private Set<String> removableTypes = new LinkedHashSet<>();
    private Set<String> observedStateAllowList =
        new LinkedHashSet<>(
            List.of(
                "Reconciling",
                "Progressing",
                "Deleting",
                "ScalingUp",
                "ScalingDown",
                "RollingOut",
                "Remediating",
                "Updating",
                "Resizing",
                "Issuing"));
    private Set<String> apiDefinedTypes = new LinkedHashSet<>();
    private Duration clockSkew = Duration.ofMinutes(5);
    private Set<String> conditionFields = new LinkedHashSet<>(METAV1_FIELDS);
    private Set<String> reasonRequiredStatuses =
        new LinkedHashSet<>(List.of(Condition.TRUE, Condition.FALSE, Condition.UNKNOWN));
    private boolean messageRequired = true;
    private int typeMaxLength = 316;
    private int reasonMaxLength = 1024;
    private int messageMaxLength = 32768;
    private int messageMinLength = 0;
    private RestampPolicy restampPolicy = RestampPolicy.STATUS_ONLY;
    private boolean reconcilingStalledPresenceExclusive = false;

    private Builder() {}

    private Builder(ProfileSettings s) {
      negativeTypes = new LinkedHashSet<>(s.negativeTypes);
      positiveTypes = new LinkedHashSet<>(s.positiveTypes);
      presentOnlyWhenAbnormal = new LinkedHashSet<>(s.presentOnlyWhenAbnormal);
      summaryTypes = s.summaryTypes;
      summaryTypesByKind = new LinkedHashMap<>(s.summaryTypesByKind);
      summaryMode = s.summaryMode;
      dependentTypes = new LinkedHashSet<>(s.dependentTypes);
      immutableTypes = new LinkedHashSet<>(s.immutableTypes);
      s.immutableTypesByKind.forEach((kind, types) -> immutableTypesByKind.put(kind, new LinkedHashSet<>(types)));
      monotonicTypes = new LinkedHashMap<>(s.monotonicTypes);
      removableTypes = new LinkedHashSet<>(s.removableTypes);
      observedStateAllowList = new LinkedHashSet<>(s.observedStateAllowList);
      apiDefinedTypes = new LinkedHashSet<>(s.apiDefinedTypes);
      clockSkew = s.clockSkew;
      conditionFields = new LinkedHashSet<>(s.conditionFields);
      reasonRequiredStatuses = new LinkedHashSet<>(s.reasonRequiredStatuses);
      messageRequired = s.messageRequired;
      typeMaxLength = s.typeMaxLength;
      reasonMaxLength = s.reasonMaxLength;
      messageMaxLength = s.messageMaxLength;
      messageMinLength = s.messageMinLength;
      restampPolicy = s.restampPolicy;
      reconcilingStalledPresenceExclusive = s.reconcilingStalledPresenceExclusive;
    }

    public Builder negativeTypes(String... types) {
      negativeTypes.addAll(List.of(types));
      return this;
    }

    public Builder positiveTypes(String... types) {
      positiveTypes.addAll(List.of(types));
      return this;
    }

    public Builder presentOnlyWhenAbnormal(String... types) {
      presentOnlyWhenAbnormal.addAll(List.of(types));
      return this;
    }

    public Builder summaryTypes(String... types) {
      summaryTypes = List.of(types);
      return this;
    }

    public Builder summaryTypesForKind(String kind, String... types) {
      summaryTypesByKind.put(kind, List.of(types));
      return this;
    }

    public Builder summaryMode(SummaryMode mode) {
      summaryMode = mode;
      return this;
    }

    public Builder dependentTypes(String... types) {
      dependentTypes.addAll(List.of(types));
      return this;
    }

    public Builder immutableTypes(String... types) {
      immutableTypes.addAll(List.of(types));
      return this;
    }

    public Builder immutableTypesForKind(String kind, String... types) {
      immutableTypesByKind.computeIfAbsent(kind, k -> new LinkedHashSet<>()).addAll(List.of(types));
      return this;
    }

    public Builder monotonicType(String type, String terminalStatus) {
      monotonicTypes.put(type, terminalStatus);
      return this;
    }

    public Builder removableTypes(String... types) {
      removableTypes.addAll(List.of(types));
      return this;
    }

    public Builder observedStateAllowList(String... types) {
      observedStateAllowList.addAll(List.of(types));
      return this;
    }

    public Builder apiDefinedTypes(String... types) {
      apiDefinedTypes.addAll(List.of(types));
      return this;
    }

    public Builder clockSkew(Duration skew) {
      clockSkew = skew;
      return this;
    }

    public Builder conditionFields(String... fields) {
      conditionFields = new LinkedHashSet<>(List.of(fields));
      return this;
    }

    public Builder reasonRequiredStatuses(String... statuses) {
      reasonRequiredStatuses = new LinkedHashSet<>(List.of(statuses));
      return this;
    }

    public Builder messageRequired(boolean required) {
      messageRequired = required;
      return this;
    }

    public Builder typeMaxLength(int n) {
      typeMaxLength = n;
      return this;
    }

    public Builder reasonMaxLength(int n) {
      reasonMaxLength = n;
      return this;
    }

    public Builder messageMaxLength(int n) {
      messageMaxLength = n;
      return this;
    }

    public Builder messageMinLength(int n) {
      messageMinLength = n;
      return this;
    }

    public Builder restampPolicy(RestampPolicy policy) {
      restampPolicy = policy;
      return this;
    }

    public Builder reconcilingStalledPresenceExclusive(boolean exclusive) {
      reconcilingStalledPresenceExclusive = exclusive;
      return this;
    }

    public ProfileSettings build() {
      return new ProfileSettings(this);
    }
  }
}
