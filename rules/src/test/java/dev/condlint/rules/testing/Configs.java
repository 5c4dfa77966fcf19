package dev.condlint.rules.testing;

import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.SettingsOverrides;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Configurations that tests need before the configuration file can express them. */
public final class Configs {
  private Configs() {}

  /** The configuration with {@code settings.monotonicTypes} (type to terminal status) set. */
  public static Config withMonotonicTypes(Config config, Map<String, String> monotonic) {
    SettingsOverrides settings =
        new SettingsOverrides(
            List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), monotonic, List.of(),
            Optional.empty(), Optional.empty());
    return new Config(
        config.profile(), config.forcedProfile(), config.groupProfiles(), config.ruleLevels(),
        config.ruleOptions(), settings, config.exclude());
  }
}
