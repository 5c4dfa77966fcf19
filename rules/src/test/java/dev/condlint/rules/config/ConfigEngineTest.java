package dev.condlint.rules.config;

import static dev.condlint.rules.config.ConfigFixtures.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import dev.condlint.rules.contract.TypeFacts;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.ProfileSettings;
import dev.condlint.rules.testing.YamlFixtures;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each configuration key changes what the engine does (levels, profile choice, per-type settings, options). */
class ConfigEngineTest {
  private static final JsonNode WIDGET = object("widgets.example.com/v1", "Widget");
  private static final JsonNode CERTIFICATE = object("cert-manager.io/v1", "Certificate");
  private static final JsonNode KUSTOMIZATION = object("kustomize.toolkit.fluxcd.io/v1", "Kustomization");

  @Test
  void aRuleLevelBeatsTheProfileAndTheRulesDefault() {
    Engine engine = engine("rules:\n  suppression-unused: error\n  duplicate-key: off\n");
    Engine defaults = defaults();

    assertEquals(Level.INFO, defaults.levelOf(rule("suppression-unused"), defaults.profileFor(WIDGET)));
    assertEquals(Level.ERROR, engine.levelOf(rule("suppression-unused"), engine.profileFor(WIDGET)));
    assertEquals(Level.OFF, engine.levelOf(rule("duplicate-key"), engine.profileFor(KUSTOMIZATION)));
  }

  @Test
  void theConfiguredProfileReplacesTheBuiltInGroupMapping() {
    Engine engine = engine("profile: kstatus\n");

    assertEquals("kstatus", engine.profileFor(WIDGET).name());
    assertEquals("kstatus", engine.profileFor(CERTIFICATE).name());
  }

  @Test
  void aGroupMappingBeatsTheConfiguredProfile() {
    Engine engine = engine("profile: kstatus\ngroups:\n  \"*.example.com\": flux\n  cert-manager.io: k8s\n");

    assertEquals("flux", engine.profileFor(WIDGET).name());
    assertEquals("k8s", engine.profileFor(CERTIFICATE).name());
    assertEquals("kstatus", engine.profileFor(KUSTOMIZATION).name());
  }

  @Test
  void aSuffixPatternDoesNotMatchTheBareDomain() {
    Engine engine = engine("groups:\n  \"*.example.com\": flux\n");

    assertEquals("k8s", engine.profileFor(object("example.com/v1", "Widget")).name());
  }

  @Test
  void withoutConfigurationTheBuiltInMappingApplies() {
    Engine engine = engine("groups:\n  \"*.example.com\": flux\n");

    assertEquals("cert-manager", engine.profileFor(CERTIFICATE).name());
  }

  @Test
  void theProfileFlagBeatsTheConfiguredGroups() {
    Config config = ConfigLoader.load(tree("groups:\n  \"*.example.com\": flux\n"), Ruleset.builtIn()).config();
    Engine engine = new Engine(Ruleset.builtIn(), config.withForcedProfile("knative"));

    assertEquals("knative", engine.profileFor(WIDGET).name());
  }

  @Test
  void addedTypesJoinEveryProfilesSettings() {
    Engine engine =
        engine(
            """
            settings:
              negativeTypes: [Degraded]
              positiveTypes: [Available]
              presentOnlyWhenAbnormal: [Degraded]
              dependentTypes: [Available]
              immutableTypes: [Frozen]
              monotonicTypes: {Succeeded: "True"}
              observedStateAllowList: [Syncing]
            """);

    ListContract fluxList = engine.contracts().declared(KUSTOMIZATION, "status.conditions");
    assertEquals(
        new Known<>(Polarity.ABNORMAL_TRUE, new ContractBasis(ContractBasis.Source.CONFIG, "settings in .condlint.yaml")),
        fluxList.polarity("Degraded").orElseThrow());
    assertEquals(Polarity.ABNORMAL_TRUE, fluxList.polarity("Stalled").orElseThrow().value(), "Flux's own types stay");
    assertEquals(ContractBasis.Source.CATALOGUE, fluxList.polarity("Stalled").orElseThrow().source());
    assertEquals(Polarity.NORMAL_TRUE, fluxList.polarity("Available").orElseThrow().value());
    assertEquals(ContractBasis.Source.CONFIG, fluxList.polarity("Available").orElseThrow().source());
    TypeFacts flux = engine.profileFor(KUSTOMIZATION).settings().facts();
    assertEquals(Set.of("Degraded", "Reconciling", "Stalled"), flux.presentOnlyWhenAbnormalTypes());
    assertEquals(Set.of("Available"), flux.dependentTypes());
    assertEquals(Set.of("Frozen"), flux.immutableTypes());
    assertEquals(Map.of("Succeeded", "True"), flux.monotonicTypes());
    assertEquals(Set.of("Reconciling", "Progressing", "Deleting", "ScalingUp", "ScalingDown", "RollingOut",
        "Remediating", "Updating", "Resizing", "Issuing", "Syncing"), flux.observedStateTypes(),
        "the defaults and the configuration's addition");
    assertEquals(ContractBasis.Source.CONFIG,
        engine.contracts().declared(CERTIFICATE, "status.conditions").polarity("Degraded").orElseThrow().source());
    assertEquals(ContractBasis.Source.INFERRED,
        defaults().contracts().declared(WIDGET, "status.conditions").polarity("Degraded").orElseThrow().source(),
        "without the setting, only the type's name speaks for it");
  }

  @Test
  void summaryTypesClockSkewAndMessageRequirednessReplaceTheProfiles() {
    Engine engine =
        engine("settings:\n  summaryTypes: [Healthy]\n  clockSkew: 30s\n  messageRequired: false\n");

    ProfileSettings k8s = engine.profileFor(WIDGET).settings();
    assertEquals(new Summary(List.of("Healthy"), false),
        engine.contracts().declared(WIDGET, "status.conditions").summary().orElseThrow().value());
    assertEquals(Duration.ofSeconds(30), k8s.clockSkew());
    assertEquals(FieldRule.OPTIONAL,
        engine.contracts().declared(KUSTOMIZATION, "status.conditions").declaredSchema().orElseThrow().fields().get("message"),
        "messageRequired changes the message field of every declared schema");
    assertEquals(Duration.ofMinutes(5), defaults().profileFor(WIDGET).settings().clockSkew());
  }

  @Test
  void ruleOptionsReachTheRule() {
    Config config = ConfigLoader.load(tree("rules:\n  options-echo:\n    options: {greeting: hello}\n"), ECHO)
        .config();
    Engine engine = new Engine(ECHO, config);

    List<Finding> findings =
        engine.check(YamlFixtures.document("apiVersion: v1\nkind: Widget\n"), Optional.empty()).findings();

    assertEquals(List.of("hello"), findings.stream().map(Finding::message).toList());
  }

  /** Reports the {@code greeting} option it was given, so a test sees the options arrive. */
  @RuleInfo(
      id = "options-echo",
      title = "Echoes its options",
      severity = Severity.INFO,
      scope = Scope.OBJECT,
      rationale = "Test double.",
      source = "ConfigEngineTest")
  static final class OptionsEcho implements ObjectRule, Configurable<OptionsEcho.Options> {
    record Options(@JsonPropertyDescription("What to say.") String greeting) {}

    @Override
    public Class<Options> optionsType() {
      return Options.class;
    }

    @Override
    public void check(ObjectCheck check) {
      String greeting = check.options(this).greeting();
      check.report("", greeting == null ? "(none)" : greeting, "");
    }
  }

  private static final Ruleset ECHO = Ruleset.builtIn().withRules(List.of(new OptionsEcho()));

  private static Engine defaults() {
    return new Engine(Ruleset.builtIn(), Config.DEFAULT);
  }

  private static Engine engine(String yaml) {
    ConfigLoader.Result result = ConfigLoader.load(tree(yaml), Ruleset.builtIn());
    assertEquals(List.of(), result.problems());
    return new Engine(Ruleset.builtIn(), result.config());
  }

  private static Rule rule(String id) {
    return Ruleset.builtIn().registry().find(id).orElseThrow();
  }

  private static JsonNode object(String apiVersion, String kind) {
    return tree("apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata: {name: a}\n");
  }
}
