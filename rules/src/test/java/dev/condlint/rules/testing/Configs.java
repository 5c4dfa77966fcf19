package dev.condlint.rules.testing;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.ContractSpec;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.GroupPattern;
import dev.condlint.rules.contract.ListPath;
import dev.condlint.rules.contract.ListSpec;
import java.util.ArrayList;
import java.util.Set;
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
        c.exclude(), c.contracts(), c.schemaLocations(), c.now(), c.nested(), c.crdDiscovery());
  }

  /**
   * The configuration with a {@code contracts} entry that declares every kind's condition lists to be
   * of this catalogue family, with per-condition observedGeneration: what a user writes for their own
   * kinds, so that the rules that need a declared condition schema judge the fixture.
   */
  public static Config withContract(Config c, String family) {
    ListSpec list = new ListSpec(Optional.of(Ruleset.builtIn().catalogue().families().get(family)), Map.of(), Map.of(), Map.of(),
        Optional.empty(), Optional.of(GenerationTracking.CONDITION));
    ContractSpec spec = new ContractSpec(new GroupPattern("*"), Set.of(), Set.of(), Set.of(), Map.of(ListPath.ANY, list),
        new ContractBasis(ContractBasis.Source.CONFIG, ".condlint.yaml contracts[0]"));
    List<ContractSpec> contracts = new ArrayList<>(c.contracts());
    contracts.add(spec);
    return new Config(c.profile(), c.forcedProfile(), c.groupProfiles(), c.ruleLevels(), c.ruleOptions(),
        c.settings(), c.exclude(), contracts, c.schemaLocations(), c.now(), c.nested(), c.crdDiscovery());
  }

  /** The configuration with {@code settings.summaryTypes} set. */
  public static Config withSummaryTypes(Config config, String... types) {
    return withSettings(config, new SettingsOverrides(
        List.of(), List.of(), List.of(), List.of(types), List.of(), List.of(), Map.of(), List.of(),
        Optional.empty(), Optional.empty()));
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
        c.profile(), c.forcedProfile(), c.groupProfiles(), c.ruleLevels(), c.ruleOptions(), overrides, c.exclude(),
        c.contracts(), c.schemaLocations(), c.now(), c.nested(), c.crdDiscovery());
  }
}
