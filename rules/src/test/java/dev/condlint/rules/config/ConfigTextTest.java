package dev.condlint.rules.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import dev.condlint.model.SourceProblem;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.profile.Level;
import dev.condlint.yaml.YamlDocuments;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The configuration text both front ends load: what it yields, and where each problem is. */
class ConfigTextTest {

  private static ConfigText.Loaded load(String name, String text) {
    return load(name, text, Ruleset.builtIn());
  }

  private static ConfigText.Loaded load(String name, String text, Ruleset ruleset) {
    YamlDocuments.Loaded parsed = YamlDocuments.documents(name, text);
    return ConfigText.load(parsed.documents(), parsed.problems(), ruleset);
  }

  @Test
  void aValidFileGivesItsConfiguration() {
    ConfigText.Loaded loaded = load(".condlint.yaml", """
        profile: kstatus
        rules:
          duplicate-key: warning
        """);
    assertEquals(List.of(), loaded.problems());
    assertEquals(Optional.of("kstatus"), loaded.config().profile());
    assertEquals(Map.of("duplicate-key", Level.WARNING), loaded.config().ruleLevels());
  }

  @Test
  void anEmptyFileGivesTheDefaults() {
    ConfigText.Loaded loaded = load(".condlint.yaml", "# nothing set yet\n");
    assertEquals(new ConfigText.Loaded(Config.DEFAULT, List.of()), loaded);
  }

  @Test
  void configurationProblemsStandAtTheOffendingNode() {
    ConfigText.Loaded loaded = load("cfg.yaml", """
        profile: kstatus
        rules:
          - duplicate-key
        exclude: vendor
        """);
    assertEquals(Config.DEFAULT, loaded.config());
    assertEquals(List.of(
        "cfg.yaml:2:1: rules must be a mapping, not a list.",
        "cfg.yaml:4:10: exclude must be a list, not a string (\"vendor\")."),
        loaded.problems().stream().map(p -> p.describe("cfg.yaml")).toList());
  }

  @Test
  void yamlErrorsAndASecondDocumentAreProblems() {
    assertEquals(List.of(new SourceProblem(new Position(3, 1), "a configuration file holds one YAML document")),
        load("cfg.yaml", "profile: flux\n---\nprofile: k8s\n").problems());
    assertEquals(List.of("cfg.yaml:2:1: while parsing a flow sequence: expected ',' or ']', but got <stream end>"),
        load("cfg.yaml", "profile: [flux\n").problems().stream().map(p -> p.describe("cfg.yaml")).toList());
  }

  @Test
  void aConfigurationIsCheckedAgainstTheRulesetInUse() {
    String text = """
        rules:
          condition-reason-allowed:
            level: warning
            options:
              reasons: [Ready]
        """;
    Ruleset withOwnRule = Ruleset.builtIn().plusRules(List.of(new ReasonAllowed()));

    ConfigText.Loaded own = load(".condlint.yaml", text, withOwnRule);
    assertEquals(List.of(), own.problems());
    assertEquals(Map.of("condition-reason-allowed", Level.WARNING), own.config().ruleLevels());
    assertEquals(List.of(".condlint.yaml:2:3: Unknown rule 'condition-reason-allowed'; did you mean"
            + " 'condition-reason-required'? (`condlint rules` lists every rule id)."),
        load(".condlint.yaml", text, Ruleset.builtIn()).problems().stream()
            .map(p -> p.describe(".condlint.yaml")).toList());
    assertEquals(List.of(".condlint.yaml:5:7: Unknown key 'reason' in rules.condition-reason-allowed.options; did"
            + " you mean 'reasons'? (known keys: reasons)."),
        load(".condlint.yaml", text.replace("reasons:", "reason:"), withOwnRule).problems().stream()
            .map(p -> p.describe(".condlint.yaml")).toList());
  }

  /** A rule of one's own: the reasons a condition may give. */
  @RuleInfo(
      id = "condition-reason-allowed",
      title = "A condition gives one of the allowed reasons",
      severity = Severity.INFO,
      scope = Scope.OBJECT,
      rationale = "Test double.",
      source = "ConfigTextTest")
  static final class ReasonAllowed implements ObjectRule, Configurable<ReasonAllowed.Options> {
    record Options(@JsonPropertyDescription("The reasons allowed.") List<String> reasons) {}

    @Override
    public Class<Options> optionsType() {
      return Options.class;
    }

    @Override
    public void check(ObjectCheck check) {}
  }
}
