package dev.condlint.rules.catalogue;

import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.profile.Profile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What condlint judges with: the rules, the profiles and the catalogue of condition contracts. A front
 * end builds one at its composition root ({@link #builtIn()}) and hands it to everything that needs to
 * know a rule, a profile or a contract: the engine, the configuration loader and its JSON Schema, the
 * commands, the webhook. Nothing else looks the built-in lists up, so a configuration is always
 * checked against the rules that will run. Immutable; compared by identity.
 */
public final class Ruleset {
  private final RuleRegistry registry;
  private final Map<String, Profile> profiles;
  private final Catalogue catalogue;

  /**
   * @param profiles in the order {@code condlint help} lists them; two with one name are an error
   */
  public Ruleset(RuleRegistry registry, List<Profile> profiles, Catalogue catalogue) {
    this.registry = registry;
    Map<String, Profile> byName = new LinkedHashMap<>();
    for (Profile p : profiles) {
      if (byName.putIfAbsent(p.name(), p) != null) {
        throw new IllegalStateException("two profiles named " + p.name());
      }
    }
    this.profiles = Collections.unmodifiableMap(byName);
    this.catalogue = catalogue;
  }

  /** condlint's own rules, profiles and catalogue, read once. */
  public static Ruleset builtIn() {
    return BuiltIn.RULESET;
  }

  private static final class BuiltIn {
    static final Ruleset RULESET = create();

    private static Ruleset create() {
      Catalogue catalogue = Catalogue.builtIn();
      RuleRegistry rules = new RuleRegistry(BuiltInRules.all());
      return new Ruleset(rules, BuiltInProfiles.all(catalogue, rules), catalogue);
    }
  }

  /** The same profiles and catalogue with these rules instead (a rule of one's own, a test's rules). */
  public Ruleset withRules(List<? extends Rule> rules) {
    return new Ruleset(new RuleRegistry(rules), List.copyOf(profiles.values()), catalogue);
  }

  /** The same ruleset with these rules after its own. */
  public Ruleset plusRules(List<? extends Rule> more) {
    List<Rule> rules = new ArrayList<>(registry.rules());
    rules.addAll(more);
    return withRules(rules);
  }

  /** The rules by id, in the order they run. */
  public RuleRegistry registry() {
    return registry;
  }

  /** Every profile, in order. */
  public List<Profile> profiles() {
    return List.copyOf(profiles.values());
  }

  public Optional<Profile> profile(String name) {
    return Optional.ofNullable(profiles.get(name));
  }

  public List<String> profileNames() {
    return List.copyOf(profiles.keySet());
  }

  /** The catalogue of condition families and contracts the rules and the configuration read. */
  public Catalogue catalogue() {
    return catalogue;
  }
}
