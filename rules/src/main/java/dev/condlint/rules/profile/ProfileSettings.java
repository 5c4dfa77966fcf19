package dev.condlint.rules.profile;

import dev.condlint.rules.contract.ConditionFamily;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.ListSpec;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import java.time.Duration;
import java.util.Optional;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The conventions a profile carries (CONVENTIONS.md §4) beyond rule levels: what it says of the
 * object's own condition list (a condition family, polarities, summary types: a source of the object's
 * contract), which types are present only when abnormal, immutable, monotonic or removable, the limits
 * of its condition type, and how lastTransitionTime may be re-stamped. Immutable; change it through
 * {@link #toBuilder()}.
 */
public final class ProfileSettings {

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

  private final ListSpec conventions;
  private final Set<String> presentOnlyWhenAbnormal;
  private final Set<String> dependentTypes;
  private final Set<String> immutableTypes;
  private final Map<String, Set<String>> immutableTypesByKind;
  private final Map<String, String> monotonicTypes;
  private final Set<String> removableTypes;
  private final Set<String> observedStateAllowList;
  private final Set<String> apiDefinedTypes;
  private final Duration clockSkew;
  private final int typeMaxLength;
  private final int reasonMaxLength;
  private final int messageMaxLength;
  private final int messageMinLength;
  private final RestampPolicy restampPolicy;
  private final boolean reconcilingStalledPresenceExclusive;
  private final boolean observedGenerationAlways;

  private ProfileSettings(Builder b) {
    conventions = new ListSpec(b.family, Map.of(), b.types, Map.of(), b.summary, b.generation);
    presentOnlyWhenAbnormal = Set.copyOf(b.presentOnlyWhenAbnormal);
    dependentTypes = Set.copyOf(b.dependentTypes);
    immutableTypes = Set.copyOf(b.immutableTypes);
    immutableTypesByKind = copyPerKind(b.immutableTypesByKind);
    monotonicTypes = Map.copyOf(b.monotonicTypes);
    removableTypes = Set.copyOf(b.removableTypes);
    observedStateAllowList = Set.copyOf(b.observedStateAllowList);
    apiDefinedTypes = Set.copyOf(b.apiDefinedTypes);
    clockSkew = b.clockSkew;
    typeMaxLength = b.typeMaxLength;
    reasonMaxLength = b.reasonMaxLength;
    messageMaxLength = b.messageMaxLength;
    messageMinLength = b.messageMinLength;
    restampPolicy = b.restampPolicy;
    reconcilingStalledPresenceExclusive = b.reconcilingStalledPresenceExclusive;
    observedGenerationAlways = b.observedGenerationAlways;
  }

  /**
   * What the profile says of an object's own condition list: the family of its condition type, the
   * polarity of the types it names, its summary types; a source of the object's contract.
   */
  public ListSpec conventions() {
    return conventions;
  }

  /** Types that must be absent rather than False (B08); independent of polarity. */
  public Set<String> presentOnlyWhenAbnormal() {
    return presentOnlyWhenAbnormal;
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

  /**
   * Flux: a condition's observedGeneration must be 1 or more even where metadata.generation is absent
   * (its conformance checker's WARN0005 flags any below 1), not only when it can be compared.
   */
  public boolean observedGenerationAlways() {
    return observedGenerationAlways;
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

  /** Builds settings; starts from the defaults of the {@code k8s} profile, which says nothing of condition types. */
  public static final class Builder {
    private Optional<ConditionFamily> family = Optional.empty();
    private Map<String, Polarity> types = new LinkedHashMap<>();
    private Optional<Summary> summary = Optional.empty();
    private Optional<GenerationTracking> generation = Optional.empty();
    private Set<String> presentOnlyWhenAbnormal = new LinkedHashSet<>();
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
    private int typeMaxLength = 316;
    private int reasonMaxLength = 1024;
    private int messageMaxLength = 32768;
    private int messageMinLength = 0;
    private RestampPolicy restampPolicy = RestampPolicy.STATUS_ONLY;
    private boolean reconcilingStalledPresenceExclusive = false;
    private boolean observedGenerationAlways = false;

    private Builder() {}

    private Builder(ProfileSettings s) {
      family = s.conventions.family();
      types = new LinkedHashMap<>(s.conventions.types());
      summary = s.conventions.summary();
      generation = s.conventions.generation();
      presentOnlyWhenAbnormal = new LinkedHashSet<>(s.presentOnlyWhenAbnormal);
            dependentTypes = new LinkedHashSet<>(s.dependentTypes);
      immutableTypes = new LinkedHashSet<>(s.immutableTypes);
      s.immutableTypesByKind.forEach((kind, types) -> immutableTypesByKind.put(kind, new LinkedHashSet<>(types)));
      monotonicTypes = new LinkedHashMap<>(s.monotonicTypes);
      removableTypes = new LinkedHashSet<>(s.removableTypes);
      observedStateAllowList = new LinkedHashSet<>(s.observedStateAllowList);
      apiDefinedTypes = new LinkedHashSet<>(s.apiDefinedTypes);
      clockSkew = s.clockSkew;
            typeMaxLength = s.typeMaxLength;
      reasonMaxLength = s.reasonMaxLength;
      messageMaxLength = s.messageMaxLength;
      messageMinLength = s.messageMinLength;
      restampPolicy = s.restampPolicy;
      reconcilingStalledPresenceExclusive = s.reconcilingStalledPresenceExclusive;
      observedGenerationAlways = s.observedGenerationAlways;
    }

    /** The family of the condition type the profile's objects use (one of the catalogue's). */
    public Builder family(ConditionFamily conditionFamily) {
      family = Optional.of(conditionFamily);
      return this;
    }

    public Builder abnormalTrue(String... names) {
      for (String t : names) {
        types.put(t, Polarity.ABNORMAL_TRUE);
      }
      return this;
    }

    /** The summary types: one of them is enough ({@code all} false), or every one must be present. */
    public Builder summary(boolean all, String... names) {
      summary = Optional.of(new Summary(List.of(names), all));
      return this;
    }

    /** Where the profile's objects record the generation their status was computed from. */
    public Builder observedGeneration(GenerationTracking tracking) {
      generation = Optional.of(tracking);
      return this;
    }

    public Builder presentOnlyWhenAbnormal(String... types) {
      presentOnlyWhenAbnormal.addAll(List.of(types));
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

    public Builder observedGenerationAlways(boolean always) {
      observedGenerationAlways = always;
      return this;
    }

    public ProfileSettings build() {
      return new ProfileSettings(this);
    }
  }
}
