package dev.condlint.rules.profile;

import java.util.Map;
import java.util.Optional;

/**
 * An ecosystem's conventions: the levels it gives rules (where they differ from the rule's own
 * default) and its per-type settings.
 */
public record Profile(String name, String description, Map<String, Level> levels, ProfileSettings settings) {

  public Profile {
    levels = Map.copyOf(levels);
  }

  /** The level this profile sets for a rule, if it sets one. */
  public Optional<Level> level(String ruleId) {
    return Optional.ofNullable(levels.get(ruleId));
  }

  public Profile withSettings(ProfileSettings newSettings) {
    return new Profile(name, description, levels, newSettings);
  }
}
