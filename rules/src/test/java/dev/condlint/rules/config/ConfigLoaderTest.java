package dev.condlint.rules.config;

import static dev.condlint.rules.config.ConfigFixtures.problems;
import static dev.condlint.rules.config.ConfigFixtures.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.profile.Level;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConfigLoaderTest {

  private static ConfigLoader.Result load(JsonNode root) {
    return ConfigLoader.load(root, Ruleset.builtIn());
  }

  @Test
  void everyKeyIsMappedIntoTheConfig() {
    ConfigLoader.Result result =
        load(
            tree(
                """
                profile: kstatus
                groups:
                  "*.example.com": flux
                  cert-manager.io: k8s
                rules:
                  duplicate-key: warning
                  suppression-unused:
                    level: error
                  pickup-deadline-exceeded:
                    options:
                      deadline: 90s
                settings:
                  negativeTypes: [Degraded]
                  positiveTypes: [Available]
                  presentOnlyWhenAbnormal: [Degraded]
                  summaryTypes: [Healthy]
                  dependentTypes: [Available]
                  immutableTypes: [Approved]
                  monotonicTypes:
                    Succeeded: "True"
                  observedStateAllowList: [Syncing]
                  clockSkew: 1h30m
                  messageRequired: false
                exclude:
                  - "charts/**/templates/**"
                  - vendor/**
                """));

    assertEquals(List.of(), result.problems());
    Config config = result.config();
    assertEquals(Optional.of("kstatus"), config.profile());
    assertEquals(Optional.empty(), config.forcedProfile());
    assertEquals(List.of("*.example.com", "cert-manager.io"), List.copyOf(config.groupProfiles().keySet()));
    assertEquals(Map.of("*.example.com", "flux", "cert-manager.io", "k8s"), config.groupProfiles());
    assertEquals(Map.of("duplicate-key", Level.WARNING, "suppression-unused", Level.ERROR), config.ruleLevels());
    assertEquals(
        Map.of("pickup-deadline-exceeded", JsonNodeFactory.instance.objectNode().put("deadline", "90s")),
        config.ruleOptions());
    assertEquals(
        new SettingsOverrides(
            List.of("Degraded"),
            List.of("Available"),
            List.of("Degraded"),
            List.of("Healthy"),
            List.of("Available"),
            List.of("Approved"),
            Map.of("Succeeded", "True"),
            List.of("Syncing"),
            Optional.of(Duration.ofMinutes(90)),
            Optional.of(false)),
        config.settings());
    assertEquals(List.of("charts/**/templates/**", "vendor/**"), config.exclude());
  }

  @Test
  void anEmptyFileIsTheDefaultConfig() {
    assertEquals(Config.DEFAULT, load(MissingNode.getInstance()).config());
    assertEquals(Config.DEFAULT, load(JsonNodeFactory.instance.nullNode()).config());
    assertEquals(Config.DEFAULT, load(tree("{}")).config());
  }

  @Test
  void aSectionWithEveryEntryCommentedOutIsEmpty() {
    ConfigLoader.Result result =
        load(tree("groups:\nrules:\n#  duplicate-key: off\nsettings:\nexclude:\n"));

    assertEquals(List.of(), result.problems());
    assertEquals(Config.DEFAULT, result.config());
  }

  @Test
  void aSectionOfTheWrongTypeIsReported() {
    assertEquals(
        List.of("1 /rules rules must be a mapping, not a list.", "2 /exclude exclude must be a list, not a string (\"vendor\")."),
        problems("rules: [duplicate-key]\nexclude: vendor\n"));
  }

  @Test
  void schemaLocationsAreKeptInOrderForTheFrontEndToRead() {
    Config config = ConfigLoader.load(tree("""
        schemaLocations:
          - default
          - schemas/
          - https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json
        """), Ruleset.builtIn()).config();

    assertEquals(List.of("default", "schemas/",
        "https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json"),
        config.schemaLocations());
    assertEquals(List.of("3 /schemaLocations/1 schemaLocations[1] must not be empty."),
        problems("schemaLocations:\n  - schemas\n  - ''\n"));
  }

  @Test
  void optionsWithoutALevelKeepTheProfilesLevel() {
    Config config =
        load(tree("rules:\n  pickup-deadline-exceeded:\n    options: {deadline: 3m}\n")).config();

    assertEquals(Map.of(), config.ruleLevels());
    assertEquals("3m", config.ruleOptions().get("pickup-deadline-exceeded").get("deadline").asText());
  }

  @Test
  void anUnquotedOffIsALevelThoughYaml11ReadsItAsFalse() {
    Config config =
        load(tree("rules:\n  duplicate-key: off\n  suppression-unused: {level: Off}\n")).config();

    assertEquals(Map.of("duplicate-key", Level.OFF, "suppression-unused", Level.OFF), config.ruleLevels());
  }

  @Test
  void unquotedStatusesOfMonotonicTypesAreReadBack() {
    Config config =
        load(tree("settings:\n  monotonicTypes:\n    Succeeded: True\n    Failed: false\n"))
            .config();

    assertEquals(Map.of("Succeeded", "True", "Failed", "False"), config.settings().monotonicTypes());
  }

  @Test
  void clockSkewNoneMeansNoTolerance() {
    Config config = load(tree("settings:\n  clockSkew: none\n")).config();

    assertEquals(Optional.of(Duration.ZERO), config.settings().clockSkew());
  }

  @Test
  void nowIsTheClockOrAFixedTimeAndUnsetByDefault() {
    java.time.Clock clock = java.time.Clock.fixed(java.time.Instant.parse("2026-01-02T03:04:05Z"), java.time.ZoneOffset.UTC);

    assertEquals(Optional.empty(), load(tree("profile: k8s\n")).config().referenceTime(clock));
    assertEquals(Optional.of(clock.instant()), load(tree("now: clock\n")).config().referenceTime(clock));
    assertEquals(Optional.of(java.time.Instant.parse("2024-06-01T00:00:00Z")),
        load(tree("now: 2024-06-01T02:00:00+02:00\n")).config().referenceTime(clock));
  }

  @Test
  void aNowThatIsNeitherTheClockNorATimeIsReported() {
    assertEquals(
        List.of("1 /now now: 'yesterday' is neither clock nor an RFC 3339 time such as 2024-06-01T00:00:00Z."),
        problems("now: yesterday\n"));
  }

  @Test
  void anUnknownTopLevelKeyIsReportedWithTheClosestKey() {
    assertEquals(
        List.of(
            "1 /profil Unknown key 'profil'; did you mean 'profile'?"
                + " (known keys: profile, groups, rules, settings, contracts, exclude, schemaLocations, now, nested, crdDiscovery)."),
        problems("profil: flux\n"));
  }

  @Test
  void anUnknownSettingsKeyIsReportedAtTheKey() {
    assertEquals(
        List.of(
            "3 /settings/negativeType Unknown key 'negativeType' in settings; did you mean 'negativeTypes'?"
                + " (known keys: negativeTypes, positiveTypes, presentOnlyWhenAbnormal, summaryTypes,"
                + " dependentTypes, immutableTypes, monotonicTypes, observedStateAllowList, clockSkew,"
                + " messageRequired)."),
        problems("settings:\n  clockSkew: 1m\n  negativeType: [Degraded]\n"));
  }

  @Test
  void anUnknownKeyInARuleSettingIsReported() {
    assertEquals(
        List.of(
            "4 /rules/duplicate-key/option Unknown key 'option' in rules.duplicate-key; did you mean 'options'?"
                + " (known keys: level, options)."),
        problems("rules:\n  duplicate-key:\n    level: error\n    option: {}\n"));
  }

  @Test
  void aDeadlineThatIsNoDurationIsReportedAtTheOption() {
    List<String> found =
        problems("rules:\n  progress-deadline-exceeded:\n    options:\n      deadline: 10 minutes\n");
    assertEquals(
        List.of("4 /rules/progress-deadline-exceeded/options/deadline rules.progress-deadline-exceeded.options.deadline:"
            + " invalid duration '10 minutes': expected Go duration syntax such as 90s, 10m or 1h30m, or none."),
        found);
    assertEquals(List.of(), problems("rules:\n  stalled-without-recovery:\n    options: {deadline: 1h30m}\n"));
    assertEquals(List.of(), problems("rules:\n  pickup-deadline-exceeded:\n    options: {deadline: none}\n"));
  }

  @Test
  void aMisspeltOptionIsReportedAtItsKeyWithTheRulesOptions() {
    assertEquals(
        List.of("4 /rules/pickup-deadline-exceeded/options/dedline Unknown key 'dedline' in"
            + " rules.pickup-deadline-exceeded.options; did you mean 'deadline'? (known keys: deadline)."),
        problems("rules:\n  pickup-deadline-exceeded:\n    options:\n      dedline: 10m\n"));
    assertEquals(
        List.of("4 /rules/landscaper-progressing-timeout-unmarked/options/progressing Unknown key 'progressing' in"
            + " rules.landscaper-progressing-timeout-unmarked.options; did you mean 'progressingDefault'? (known keys:"
            + " progressingDefault)."),
        problems("rules:\n  landscaper-progressing-timeout-unmarked:\n    options:\n      progressing: 1h\n"));
  }

  @Test
  void anOptionOfARuleThatTakesNoneIsReported() {
    assertEquals(
        List.of("3 /rules/duplicate-key/options/max Unknown key 'max' in rules.duplicate-key.options, which takes"
            + " no keys."),
        problems("rules:\n  duplicate-key:\n    options: {max: 3}\n"));
  }

  @Test
  void anUnknownRuleIdIsReportedWithTheClosestId() {
    assertEquals(
        List.of(
            "2 /rules/duplicate-keys Unknown rule 'duplicate-keys'; did you mean 'duplicate-key'?"
                + " (`condlint rules` lists every rule id)."),
        problems("rules:\n  duplicate-keys: warning\n"));
  }

  @Test
  void aRuleMayBeSetByItsCatalogueCodeAndIsConfiguredUnderItsId() {
    ConfigLoader.Result result = ConfigLoader.load(tree("rules:\n  A02: warning\n"), withA02());

    assertEquals(List.of(), result.problems());
    assertEquals(java.util.Map.of("condition-type-required", Level.WARNING), result.config().ruleLevels());
  }

  @Test
  void anUnknownCatalogueCodeGetsTheNearestCode() {
    assertEquals(
        List.of("2 /rules/A03 Unknown rule 'A03'; did you mean 'A02'? (`condlint rules` lists every rule id)."),
        problems("rules:\n  A03: warning\n", withA02()));
  }

  @Test
  void aCatalogueCodeInAnotherCaseIsAnsweredWithTheCodeAsTheCatalogueWritesIt() {
    assertEquals(
        List.of("2 /rules/a02 Unknown rule 'a02'; did you mean 'A02'? (`condlint rules` lists every rule id)."),
        problems("rules:\n  a02: warning\n", withA02()));
  }

  @Test
  void aRuleSetByBothItsIdAndItsCodeIsReportedAtTheSecond() {
    assertEquals(
        List.of("3 /rules/A02 rules.A02: 'A02' and 'condition-type-required' both name condition-type-required;"
            + " set it once."),
        problems("rules:\n  condition-type-required: error\n  A02: warning\n", withA02()));
  }

  @Test
  void aCodeTakesItsRulesLevelValuesAsTheIdDoes() {
    assertEquals(
        List.of("2 /rules/A02 rules.A02: 'loud' is not a known level (expected one of: off, info,"
            + " warning, error)."),
        problems("rules:\n  A02: loud\n", withA02()));
  }

  private static Ruleset withA02() {
    return Ruleset.builtIn().withRules(List.of(new TypeRequired()));
  }

  /** Stands in for A02, which another family provides. */
  @RuleInfo(
      id = "condition-type-required",
      code = "A02",
      title = "Stands in for A02",
      severity = Severity.ERROR,
      scope = Scope.OBJECT,
      rationale = "Test double.",
      source = "ConfigLoaderTest")
  static final class TypeRequired implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {}
  }

  @Test
  void anUnknownRuleIdFarFromEveryIdGetsNoSuggestion() {
    assertEquals(
        List.of("2 /rules/no-such-thing-at-all Unknown rule 'no-such-thing-at-all' (`condlint rules` lists every rule id)."),
        problems("rules:\n  no-such-thing-at-all: warning\n"));
  }

  @Test
  void anUnknownProfileIsReportedWithTheClosestProfile() {
    assertEquals(
        List.of(
            "1 /profile profile: 'fluxx' is not a known profile; did you mean 'flux'? (expected one of: k8s,"
                + " kstatus, flux, knative, capi-v1beta2, capi-v1beta1, gateway-api, cert-manager).",
            "3 /groups/*.example.com groups[\"*.example.com\"]: 'capi' is not a known profile; did you mean 'capi-v1beta2'? (expected one of:"
                + " k8s, kstatus, flux, knative, capi-v1beta2, capi-v1beta1, gateway-api, cert-manager)."),
        problems("profile: fluxx\ngroups:\n  \"*.example.com\": capi\n"));
  }

  @Test
  void aMisspeltLevelIsReportedWithTheClosestLevel() {
    assertEquals(
        List.of(
            "2 /rules/duplicate-key rules.duplicate-key: 'warn' is not a known level; did you mean 'warning'?"
                + " (expected one of: off, info, warning, error).",
            "3 /rules/suppression-unused/level rules.suppression-unused.level: true is not a known level"
                + " (expected one of: off, info, warning, error)."),
        problems("rules:\n  duplicate-key: warn\n  suppression-unused: {level: on}\n"));
  }

  @Test
  void anInvalidGroupPatternIsReportedAtTheKey() {
    assertEquals(
        List.of(
            "2 /groups/Example.COM 'Example.COM' is not a valid API group pattern: expected an exact API group"
                + " in lower case (cert-manager.io) or a *. suffix pattern (*.example.com)."),
        problems("groups:\n  Example.COM: flux\n"));
  }

  @Test
  void aBadDurationIsReported() {
    assertEquals(
        List.of(
            "2 /settings/clockSkew settings.clockSkew: invalid duration '5 minutes': expected Go duration"
                + " syntax such as 90s, 10m or 1h30m, or none."),
        problems("settings:\n  clockSkew: 5 minutes\n"));
  }

  @Test
  void aValueOfTheWrongTypeIsReported() {
    assertEquals(
        List.of(
            "2 /settings/negativeTypes settings.negativeTypes must be a list, not a string (\"Stalled\").",
            "3 /settings/clockSkew settings.clockSkew must be a string, not a number (5).",
            "4 /settings/messageRequired settings.messageRequired must be true or false, not a string (\"always\")."),
        problems("settings:\n  negativeTypes: Stalled\n  clockSkew: 5\n  messageRequired: always\n"));
  }

  @Test
  void aConfigurationThatIsNotAMappingIsReported() {
    assertEquals(
        List.of("1 / the configuration must be a mapping, not a list."),
        problems("- profile: flux\n"));
  }

  @Test
  void emptyNamesAndAnEmptySummaryListAreReported() {
    assertEquals(
        List.of(
            "2 /settings/summaryTypes settings.summaryTypes must not be empty.",
            "3 /settings/negativeTypes/0 settings.negativeTypes[0] must not be empty."),
        problems("settings:\n  summaryTypes: []\n  negativeTypes: [\"\"]\n"));
  }

  @Test
  void anInvalidGlobIsReported() {
    assertEquals(
        List.of("3 /exclude/1 exclude[1]: 'charts/[abc' is not a valid glob (Missing '] at index 10)."),
        problems("exclude:\n  - vendor/**\n  - charts/[abc\n"));
  }

  @Test
  void everyProblemIsReportedInFileOrder() {
    List<String> problems =
        problems(
            """
            exclude: [3]
            rules:
              nope: error
            profile: k9s
            """);

    assertEquals(
        List.of(
            "1 /exclude/0 exclude[0] must be a string, not a number (3).",
            "3 /rules/nope Unknown rule 'nope' (`condlint rules` lists every rule id).",
            "4 /profile profile: 'k9s' is not a known profile; did you mean 'k8s'? (expected one of: k8s, kstatus,"
                + " flux, knative, capi-v1beta2, capi-v1beta1, gateway-api, cert-manager)."),
        problems);
  }
}
