package dev.condlint.rules.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.api.TransitionRule;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.InvalidOptionException;
import dev.condlint.rules.config.RuleOptions;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.Profile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The levels stage: each rule's level for an object's profile (the configured level, else the
 * profile's, else the rule's default), with what else the engine reads about a rule once rather than
 * per object. Immutable.
 */
final class RuleLevels {

  /**
   * A rule with what the engine reads about it for every object, read once: its annotation's values
   * (each read of an annotation member is a reflective call), its options, and its configured level
   * ({@code null} when the configuration leaves it to the profile).
   */
  record Entry(
      Rule rule, String id, boolean builtinKinds, Level configuredLevel, Level defaultLevel, Object options) {
    /** Whether the user set the level, which then beats the caps a rule reports with. */
    boolean explicit() {
      return configuredLevel != null;
    }
  }

  private final Map<String, Entry> byId = new LinkedHashMap<>();
  private final Map<String, Entry> byCode = new LinkedHashMap<>();
  private final List<Entry> entries;
  private final int[] documentRules;
  private final int[] objectRules;
  private final int[] transitionRules;
  /** Each profile's levels, by profile name: decided once per profile rather than per rule and object. */
  private final Map<String, ProfileLevels> byProfile = new ConcurrentHashMap<>();

  /** A profile and the level of each entry for it, in {@link #entries()} order. */
  private record ProfileLevels(Profile profile, Level[] levels) {}

  RuleLevels(RuleRegistry registry, Config config) {
    for (String id : config.ruleLevels().keySet()) {
      if (!registry.contains(id)) {
        throw new IllegalArgumentException("unknown rule '" + id + "' (see `condlint rules`)");
      }
    }
    for (Rule rule : registry.rules()) {
      RuleInfo info = rule.info();
      byId.put(info.id(), new Entry(rule, info.id(), info.builtinKinds(), config.ruleLevels().get(info.id()),
          info.onByDefault() ? Level.of(info.severity()) : Level.OFF, options(rule, config)));
      if (!info.code().isBlank()) {
        byCode.put(info.code().toUpperCase(java.util.Locale.ROOT), byId.get(info.id()));
      }
    }
    this.entries = List.copyOf(byId.values());
    this.documentRules = indexes(r -> r instanceof ObjectRule || r instanceof CrdRule);
    this.objectRules = indexes(r -> r instanceof ObjectRule);
    this.transitionRules = indexes(r -> r instanceof TransitionRule);
  }

  private int[] indexes(java.util.function.Predicate<Rule> which) {
    return java.util.stream.IntStream.range(0, entries.size()).filter(i -> which.test(entries.get(i).rule())).toArray();
  }

  /** Every rule of the registry, in its order. */
  List<Entry> entries() {
    return entries;
  }

  /**
   * The indexes in {@link #entries()} of the object and CRD rules, in order: a pass walks only the
   * rules of its kind (a status update's transition pass has 7 of some 90), not every rule of the
   * registry. The array is shared: do not write it.
   */
  int[] documentRules() {
    return documentRules;
  }

  /** The indexes in {@link #entries()} of the object rules alone, for an object that is no CRD; shared. */
  int[] objectRules() {
    return objectRules;
  }

  /** The indexes in {@link #entries()} of the transition rules, in order; shared, as {@link #documentRules()}. */
  int[] transitionRules() {
    return transitionRules;
  }

  /**
   * The level of each of {@link #entries()}, by index, for objects of this profile. Kept per profile
   * name for the profile instance the engine hands out (its profiles are made once per name); another
   * instance of the same name gets its levels worked out afresh. The array is shared: do not write it.
   */
  Level[] levelsFor(Profile profile) {
    ProfileLevels known = byProfile.get(profile.name());
    if (known != null && known.profile() == profile) {
      return known.levels();
    }
    Level[] levels = new Level[entries.size()];
    for (int i = 0; i < levels.length; i++) {
      levels[i] = levelOf(entries.get(i), profile);
    }
    if (known == null) {
      byProfile.putIfAbsent(profile.name(), new ProfileLevels(profile, levels));
    }
    return levels;
  }

  Optional<Entry> find(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  /** The rule a suppression names: by id, or by catalogue code ({@code A09}, any case, as the flags take it). */
  Optional<Entry> findByIdOrCode(String name) {
    return find(name).or(() -> Optional.ofNullable(byCode.get(name.toUpperCase(java.util.Locale.ROOT))));
  }

  /** The configured level, else the profile's, else the rule's default. */
  static Level levelOf(Entry entry, Profile profile) {
    if (entry.configuredLevel() != null) {
      return entry.configuredLevel();
    }
    return profile.level(entry.id()).orElse(entry.defaultLevel());
  }

  Level levelOf(Rule rule, Profile profile) {
    Entry entry = byId.get(rule.id());
    if (entry == null) {
      throw new IllegalArgumentException("rule '" + rule.id() + "' is not one of this engine's rules");
    }
    return levelOf(entry, profile);
  }

  /** A {@link Configurable} rule's options record, read from the configuration; {@code null} for other rules. */
  private static Object options(Rule rule, Config config) {
    if (!(rule instanceof Configurable<?> configurable)) {
      return null;
    }
    JsonNode node = config.ruleOptions().getOrDefault(rule.id(), MissingNode.getInstance());
    try {
      return RuleOptions.read(configurable, node);
    } catch (InvalidOptionException e) {
      throw new IllegalArgumentException("rules." + rule.id() + ".options." + e.key() + ": " + e.getMessage(), e);
    }
  }
}
