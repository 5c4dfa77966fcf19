package dev.condlint.rules.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.SettingsOverrides;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Configurations that tests need without writing a configuration file. */
public final class Configs {
  private Configs() {}

  /** A configuration that forces a profile and adds settings to it. */
  public static Config settings(String profile, SettingsOverrides overrides) {
    return withSettings(Config.DEFAULT.withForcedProfile(profile), overrides);
  }

  /** The configuration with {@code settings.monotonicTypes} (type to terminal status) set. */
  public static Config withMonotonicTypes(Config config, Map<String, String> monotonic) {
    return withSettings(config, new SettingsOverrides(
        List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), monotonic, List.of(),
        Optional.empty(), Optional.empty()));
  }

  /** The configuration with one rule's options set. */
  public static Config withRuleOptions(Config c, String ruleId, JsonNode options) {
    return new Config(
        c.profile(), c.forcedProfile(), c.groupProfiles(), c.ruleLevels(), Map.of(ruleId, options), c.settings(),
        c.exclude());
  }

  public static SettingsOverrides negativeTypes(String... types) {
    return overrides(List.of(types), List.of(), List.of(), Optional.empty());
  }

  public static SettingsOverrides dependentTypes(String... types) {
    return overrides(List.of(), List.of(types), List.of(), Optional.empty());
  }

  public static SettingsOverrides observedStateAllowList(String... types) {
    return overrides(List.of(), List.of(), List.of(types), Optional.empty());
  }

  public static SettingsOverrides clockSkew(Duration skew) {
    return overrides(List.of(), List.of(), List.of(), Optional.of(skew));
  }

  private static SettingsOverrides overrides(
      List<String> negative, List<String> dependent, List<String> allowList, Optional<Duration> skew) {
    return new SettingsOverrides(
        negative, List.of(), List.of(), List.of(), dependent, List.of(), Map.of(), allowList, skew, Optional.empty());
  }

  private static Config withSettings(Config c, SettingsOverrides overrides) {
    return new Config(
        c.profile(), c.forcedProfile(), c.groupProfiles(), c.ruleLevels(), c.ruleOptions(), overrides, c.exclude());
  }
}
