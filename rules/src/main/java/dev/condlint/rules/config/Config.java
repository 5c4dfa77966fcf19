package dev.condlint.rules.config;

import dev.condlint.rules.contract.ContractSpec;

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
 * @param contracts the {@code contracts} entries: condition contracts per group and kind
 * @param schemaLocations where a front end looks for the schema of a kind no CRD of its run defines
 *     ({@code schemaLocations}: directories, files, URL or path templates, as kubeconform takes them)
 * @param now the reference time of the rules that read the clock when a front end that lints files has
 *     no {@code --now}: {@code clock} or an RFC 3339 time; empty leaves those rules off there
 * @param nested whether a front end that lints files also lints the objects nested in other documents
 *     (test tables, wrappers), as {@code --nested} asks
 * @param crdDiscovery whether a front end that reads files looks for the CRD of a kind no CRD of its run
 *     defines in the project the file belongs to ({@code crdDiscovery}; {@code --no-crd-discovery} turns it off)
 */
public record Config(
    Optional<String> profile,
    Optional<String> forcedProfile,
    Map<String, String> groupProfiles,
    Map<String, Level> ruleLevels,
    Map<String, JsonNode> ruleOptions,
    SettingsOverrides settings,
    List<String> exclude,
    List<ContractSpec> contracts,
    List<String> schemaLocations,
    Optional<String> now,
    boolean nested,
    boolean crdDiscovery) {

  /** The value of {@code now} that reads the clock. */
  public static final String CLOCK = "clock";

  public Config {
    groupProfiles = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(groupProfiles));
    ruleLevels = Map.copyOf(ruleLevels);
    ruleOptions = Map.copyOf(ruleOptions);
    exclude = List.copyOf(exclude);
    contracts = List.copyOf(contracts);
    schemaLocations = List.copyOf(schemaLocations);
  }

  public static final Config DEFAULT =
      new Config(
          Optional.empty(),
          Optional.empty(),
          Map.of(),
          Map.of(),
          Map.of(),
          SettingsOverrides.NONE,
          List.of(),
          List.of(),
          List.of(),
          Optional.empty(),
          false,
          true);

  /**
   * The reference time {@code now} gives: the clock's instant for {@code clock}, else the time it
   * names; empty where it is not set.
   */
  public Optional<java.time.Instant> referenceTime(java.time.Clock clock) {
    return now.map(n -> n.equals(CLOCK) ? clock.instant() : java.time.OffsetDateTime.parse(n).toInstant());
  }

  /**
   * What the configuration says of condition contracts: its entries, then one for every kind from the
   * polarities and summaries of {@code settings}, and the field rules {@code settings} set.
   */
  public ContractConfig contractConfig() {
    List<ContractSpec> entries = new java.util.ArrayList<>(contracts);
    settings.contractEntry().ifPresent(entries::add);
    return new ContractConfig(entries, settings.fieldRules());
  }

  /** The same configuration with CRD discovery off (as {@code --no-crd-discovery} asks). */
  public Config withoutCrdDiscovery() {
    return new Config(profile, forcedProfile, groupProfiles, ruleLevels, ruleOptions, settings, exclude, contracts, schemaLocations, now, nested, false);
  }

  public Config withForcedProfile(String name) {
    return new Config(profile, Optional.of(name), groupProfiles, ruleLevels, ruleOptions, settings, exclude, contracts, schemaLocations, now, nested, crdDiscovery);
  }

  /** The same configuration with one rule's level set (as {@code --enable}/{@code --disable} do). */
  public Config withRuleLevel(String ruleId, Level level) {
    Map<String, Level> levels = new LinkedHashMap<>(ruleLevels);
    levels.put(ruleId, level);
    return new Config(profile, forcedProfile, groupProfiles, levels, ruleOptions, settings, exclude, contracts, schemaLocations, now, nested, crdDiscovery);
  }
}
