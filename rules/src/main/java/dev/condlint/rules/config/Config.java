package dev.condlint.rules.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.profile.Level;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a user configured ({@code .condlint.yaml} and command-line flags), already validated.
 *
 * @param profile the profile for every object not matched by {@code groupProfiles} (replaces the
 *     built-in group mapping when set)
 * @param forcedProfile a profile for every object ({@code --profile}); beats everything else
 * @param groupProfiles API group pattern to profile name, tried in order
 * @param ruleLevels per-rule levels; beat the profile's
 * @param ruleOptions per-rule options
 * @param settings additions to every profile's per-type settings (polarity registry and friends)
 * @param exclude path globs the front end skips
 */
public record Config(
    Optional<String> profile,
    Optional<String> forcedProfile,
    Map<String, String> groupProfiles,
    Map<String, Level> ruleLevels,
    Map<String, JsonNode> ruleOptions,
    SettingsOverrides settings,
    List<String> exclude) {

  public Config {
    groupProfiles = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(groupProfiles));
    ruleLevels = Map.copyOf(ruleLevels);
    ruleOptions = Map.copyOf(ruleOptions);
    exclude = List.copyOf(exclude);
  }

  public static final Config DEFAULT =
      new Config(
          Optional.empty(),
          Optional.empty(),
          Map.of(),
          Map.of(),
          Map.of(),
          SettingsOverrides.NONE,
          List.of());

  public Config withForcedProfile(String name) {
    return new Config(profile, Optional.of(name), groupProfiles, ruleLevels, ruleOptions, settings, exclude);
  }

  /** The same configuration with one rule's level set (as {@code --enable}/{@code --disable} do). */
  public Config withRuleLevel(String ruleId, Level level) {
    Map<String, Level> levels = new LinkedHashMap<>(ruleLevels);
    levels.put(ruleId, level);
    return new Config(profile, forcedProfile, groupProfiles, levels, ruleOptions, settings, exclude);
  }
}
