package dev.condlint.cli.common;

import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigLoader;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.ProfileNames;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options that choose the rules and how they judge, which {@code lint} and {@code audit} share:
 * the configuration file, the flags on top of it, and the reference time.
 */
public final class EngineOptions {
  @Spec(Spec.Target.MIXEE) CommandSpec spec;

  @Mixin ConfigOption config;

  @Mixin ProfileOption profile;

  @Option(names = "--enable", paramLabel = "RULE", completionCandidates = CompletionCandidates.RuleIds.class,
      description = "Turn a rule on (repeatable).")
  List<String> enable = new ArrayList<>();

  @Option(names = "--disable", paramLabel = "RULE", completionCandidates = CompletionCandidates.RuleIds.class,
      description = "Turn a rule off (repeatable).")
  List<String> disable = new ArrayList<>();

  @Option(
      names = "--now",
      paramLabel = "RFC3339",
      description = "Reference time for the rules that read the clock (deadlines, times in the future, timeouts)."
          + " lint: without it (or now: in .condlint.yaml) those rules are off, so a file's findings do not change"
          + " with the day. audit: default the clock.")
  String now;

  /** {@code --now}, else the clock: the start of a long-running mode, which judges as of the clock. */
  public Instant referenceTime(Environment env) {
    return now != null ? ReferenceTime.parse(spec, now) : env.clock().instant();
  }

  /**
   * The rules' reference time: {@code --now}, else the configuration's {@code now}, else the clock where
   * the command reads the clock by default (a live cluster's objects are judged as of now) and none
   * where it does not (files, whose findings must not change with the day).
   */
  public Optional<Instant> referenceTime(Environment env, Config config, boolean clockByDefault) {
    if (now != null) {
      return Optional.of(ReferenceTime.parse(spec, now));
    }
    Optional<Instant> configured = config.referenceTime(env.clock());
    return configured.isPresent() || !clockByDefault ? configured : Optional.of(env.clock().instant());
  }

  /** A usage error for a profile or rule id the ruleset does not have. */
  public void check(Ruleset ruleset) {
    if (now != null) {
      ReferenceTime.parse(spec, now);
    }
    profile.problem(ruleset).ifPresent(problem -> {
      throw Usage.error(spec, problem);
    });
    enable = ruleIds(ruleset.registry(), "--enable", enable);
    disable = ruleIds(ruleset.registry(), "--disable", disable);
  }

  /** The rules named by id or by catalogue code ({@code A09}), as ids; a usage error for any other name. */
  private List<String> ruleIds(RuleRegistry registry, String flag, List<String> named) {
    List<String> ids = new ArrayList<>();
    for (String name : named) {
      Optional<Rule> rule = registry.findByIdOrCode(name);
      if (rule.isEmpty()) {
        throw Usage.error(spec, flag + ": unknown rule '" + name + "'"
            + ConfigLoader.suggestRule(name, registry) + " (`condlint rules` lists every rule id)");
      }
      ids.add(rule.get().id());
    }
    return ids;
  }

  /**
   * The engine of the configuration file with the flags on top, the {@code implied} rules turned on
   * unless {@code --disable} names them; empty after printing what is wrong with the file.
   */
  public Optional<ConfigOption.Configured> configure(Environment env, Ruleset ruleset, List<String> implied) {
    return config.configure(env, ruleset, fromFile -> withFlags(fromFile, ruleset, implied));
  }

  /**
   * The file's configuration with the flags on top. {@code --enable} gives a rule the level it has
   * in the chosen profile (or the default one), or its own severity where that profile turns it off.
   */
  private Config withFlags(Config fromFile, Ruleset ruleset, List<String> implied) {
    RuleRegistry registry = ruleset.registry();
    Config c = profile.applyTo(fromFile);
    String profileName = c.forcedProfile().or(c::profile).orElse(ProfileNames.K8S);
    for (String id : enable) {
      Rule rule = registry.find(id).orElseThrow();
      Level level = ruleset.profile(profileName)
          .flatMap(p -> p.level(id))
          .filter(l -> l != Level.OFF)
          .orElse(Level.of(rule.info().severity()));
      c = c.withRuleLevel(id, level);
    }
    for (String id : implied) {
      if (!disable.contains(id) && registry.contains(id)) {
        c = c.withRuleLevel(id, Level.of(registry.find(id).orElseThrow().info().severity()));
      }
    }
    for (String id : disable) {
      c = c.withRuleLevel(id, Level.OFF);
    }
    return c;
  }
}
