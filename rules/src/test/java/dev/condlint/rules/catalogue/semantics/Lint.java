package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Finding;
import dev.condlint.rules.catalogue.BuiltInRules;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.SettingsOverrides;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.testing.YamlFixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Runs the built-in rules over a YAML fixture and keeps one rule's findings, for exact assertions; immutable. */
final class Lint {
  static final Instant NOW = Instant.parse("2024-06-01T00:00:00Z");

  private final String ruleId;
  private final Config config;
  private final Optional<Instant> now;

  private Lint(String ruleId, Config config, Optional<Instant> now) {
    this.ruleId = ruleId;
    this.config = config;
    this.now = now;
  }

  static Lint rule(String ruleId) {
    return new Lint(ruleId, Config.DEFAULT, Optional.of(NOW));
  }

  Lint profile(String name) {
    return new Lint(ruleId, config.withForcedProfile(name), now);
  }

  Lint config(Config c) {
    return new Lint(ruleId, c, now);
  }

  Lint withoutNow() {
    return new Lint(ruleId, config, Optional.empty());
  }

  /** The rule's findings as {@code LINE:COL SEVERITY POINTER}. */
  List<String> on(String yaml) {
    return findings(yaml).stream()
        .map(f -> f.position().map(Object::toString).orElse("-") + " " + f.severity().label() + " " + f.pointer())
        .toList();
  }

  /** The rule's findings' messages. */
  List<String> messages(String yaml) {
    return findings(yaml).stream().map(Finding::message).toList();
  }

  List<Finding> findings(String yaml) {
    return new Engine(BuiltInRules.registry(), config)
        .check(YamlFixtures.document(yaml), now).stream()
        .filter(f -> f.ruleId().equals(ruleId))
        .toList();
  }

  static SettingsOverrides negativeTypes(String... types) {
    return overrides(List.of(types), List.of(), List.of(), Optional.empty());
  }

  static SettingsOverrides dependentTypes(String... types) {
    return overrides(List.of(), List.of(types), List.of(), Optional.empty());
  }

  static SettingsOverrides observedStateAllowList(String... types) {
    return overrides(List.of(), List.of(), List.of(types), Optional.empty());
  }

  static SettingsOverrides clockSkew(Duration skew) {
    return overrides(List.of(), List.of(), List.of(), Optional.of(skew));
  }

  private static SettingsOverrides overrides(
      List<String> negative, List<String> dependent, List<String> allowList, Optional<Duration> skew) {
    return new SettingsOverrides(
        negative, List.of(), List.of(), List.of(), dependent, List.of(), Map.of(), allowList, skew, Optional.empty());
  }

  /** A configuration that forces a profile and adds settings to it. */
  static Config settings(String profile, SettingsOverrides overrides) {
    Config forced = Config.DEFAULT.withForcedProfile(profile);
    return new Config(
        forced.profile(),
        forced.forcedProfile(),
        forced.groupProfiles(),
        forced.ruleLevels(),
        forced.ruleOptions(),
        overrides,
        forced.exclude());
  }
}
