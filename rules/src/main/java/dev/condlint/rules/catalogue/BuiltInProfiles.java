package dev.condlint.rules.catalogue;

import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.contract.ProfileSpec;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.Profile;
import dev.condlint.rules.profile.ProfileSettings;
import dev.condlint.rules.profile.ProfileSettings.RestampPolicy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The built-in profiles of CONVENTIONS.md §4, as the catalogue's profiles.json states them. A profile
 * lists only the levels where it departs from a rule's own default (the {@code k8s} column); ecosystem
 * rules (F01–F08) are off until their profile turns them on. A level for a rule the registry does not
 * hold breaks the build's tests, so that a renamed or removed rule cannot be missed.
 */
final class BuiltInProfiles {
  private BuiltInProfiles() {}

  /** Every built-in profile, in the order of profiles.json; read only by {@link Ruleset#builtIn()}. */
  static List<Profile> all(Catalogue catalogue, RuleRegistry rules) {
    return catalogue.profiles().stream().map(p -> profile(p, rules)).toList();
  }

  private static Profile profile(ProfileSpec spec, RuleRegistry rules) {
    Map<String, Level> levels = new LinkedHashMap<>();
    spec.levels().forEach((rule, level) -> {
      if (!rules.contains(rule)) {
        throw new IllegalStateException("profiles.json: profile " + spec.name() + " names unknown rule " + rule);
      }
      levels.put(rule, Level.parse(level));
    });
    RestampPolicy restamp = RestampPolicy.valueOf(spec.restamp().toUpperCase(Locale.ROOT).replace('-', '_'));
    return new Profile(spec.name(), spec.description(), levels, new ProfileSettings(spec.conditions(),
        spec.kinds(), spec.conventionFamily(), restamp, spec.switchedOn("reconcilingStalledPresenceExclusive"),
        spec.switchedOn("observedGenerationAlways"), ProfileSettings.DEFAULT_CLOCK_SKEW));
  }
}
