package dev.condlint.rules.config;

import dev.condlint.rules.profile.ProfileSettings;
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

  /** The profile's settings with these additions applied. */
  public ProfileSettings applyTo(ProfileSettings base) {
    if (isEmpty()) {
      return base;
    }
    ProfileSettings.Builder b = base.toBuilder();
    b.negativeTypes(negativeTypes.toArray(String[]::new));
    b.positiveTypes(positiveTypes.toArray(String[]::new));
    b.presentOnlyWhenAbnormal(presentOnlyWhenAbnormal.toArray(String[]::new));
    if (!summaryTypes.isEmpty()) {
      b.summaryTypes(summaryTypes.toArray(String[]::new));
    }
    b.dependentTypes(dependentTypes.toArray(String[]::new));
    b.immutableTypes(immutableTypes.toArray(String[]::new));
    monotonicTypes.forEach(b::monotonicType);
    b.observedStateAllowList(observedStateAllowList.toArray(String[]::new));
    clockSkew.ifPresent(b::clockSkew);
    messageRequired.ifPresent(b::messageRequired);
    return b.build();
  }
}
