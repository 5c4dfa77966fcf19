package dev.condlint.rules.config;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.contract.ContractSpec;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.GroupPattern;
import dev.condlint.rules.contract.ListPath;
import dev.condlint.rules.contract.ListSpec;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import dev.condlint.rules.contract.TypeFacts;
import dev.condlint.rules.profile.ProfileSettings;
import java.util.LinkedHashMap;
import java.util.Set;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Additions to the per-type settings of every profile, from the configuration's {@code settings}
 * block: types added to the polarity registry and the other lists, a different clock skew, message
 * requiredness.
 */
public record SettingsOverrides(
    List<String> negativeTypes,
    List<String> positiveTypes,
    List<String> presentOnlyWhenAbnormal,
    List<String> summaryTypes,
    List<String> dependentTypes,
    List<String> immutableTypes,
    Map<String, String> monotonicTypes,
    List<String> observedStateAllowList,
    Optional<Duration> clockSkew,
    Optional<Boolean> messageRequired) {

  public static final SettingsOverrides NONE =
      new SettingsOverrides(
          List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), Map.of(), List.of(),
          Optional.empty(), Optional.empty());

  public boolean isEmpty() {
    return equals(NONE);
  }

  /**
   * The polarities ({@code negativeTypes}, {@code positiveTypes}) and summaries ({@code summaryTypes})
   * as a contract entry for every kind and list: the configuration's word, stronger than the catalogue.
   */
  public Optional<ContractSpec> contractEntry() {
    if (negativeTypes.isEmpty() && positiveTypes.isEmpty() && summaryTypes.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Polarity> types = new LinkedHashMap<>();
    positiveTypes.forEach(t -> types.put(t, Polarity.NORMAL_TRUE));
    negativeTypes.forEach(t -> types.put(t, Polarity.ABNORMAL_TRUE));
    Optional<Summary> summary = summaryTypes.isEmpty() ? Optional.empty() : Optional.of(new Summary(summaryTypes, false));
    ListSpec list = new ListSpec(Optional.empty(), Map.of(), types, Map.of(), summary, Optional.empty());
    return Optional.of(new ContractSpec(new GroupPattern("*"), Set.of(), Set.of(), Set.of(),
        Map.of(ListPath.ANY, list), new ContractBasis(ContractBasis.Source.CONFIG, "settings in .condlint.yaml")));
  }

  /** {@code messageRequired} as a rule for the message field of every declared condition schema. */
  public Map<String, FieldRule> fieldRules() {
    return messageRequired.map(required -> Map.of("message", required ? FieldRule.REQUIRED : FieldRule.OPTIONAL))
        .orElse(Map.of());
  }

  /** The profile's settings with these additions applied. */
  public ProfileSettings applyTo(ProfileSettings base) {
    if (isEmpty()) {
      return base;
    }
    TypeFacts more = new TypeFacts(stated(presentOnlyWhenAbnormal), stated(dependentTypes), stated(immutableTypes),
        monotonicTypes.isEmpty() ? Optional.empty() : Optional.of(monotonicTypes), Optional.empty(),
        stated(observedStateAllowList), Optional.empty(), Optional.empty());
    ProfileSettings added = base.withFacts(base.facts().plus(more));
    return clockSkew.map(added::withClockSkew).orElse(added);
  }

  private static Optional<Set<String>> stated(List<String> types) {
    return types.isEmpty() ? Optional.empty() : Optional.of(Set.copyOf(types));
  }
}
