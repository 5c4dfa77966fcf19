package dev.condlint.cli.common;

import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.text.Suggestions;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --profile NAME}: one profile for every object, instead of the one its API group gets. */
public final class ProfileOption {
  @Option(names = "--profile", paramLabel = "NAME", completionCandidates = CompletionCandidates.ProfileNames.class,
      description = "Use this profile for every object.")
  String name;

  /** What is wrong with the profile named, if the ruleset has none so named; the message quotes what the user typed. */
  public Optional<String> problem(Ruleset ruleset) {
    if (name == null || ruleset.profile(name).isPresent()) {
      return Optional.empty();
    }
    List<String> known = ruleset.profileNames();
    return Optional.of("--profile: unknown profile '" + name + "'" + Suggestions.didYouMean(name, known)
        + " (known: " + String.join(", ", known) + ")");
  }

  /** The configuration with the profile forced on every object, when one is named. */
  public Config applyTo(Config config) {
    return name == null ? config : config.withForcedProfile(name);
  }
}
