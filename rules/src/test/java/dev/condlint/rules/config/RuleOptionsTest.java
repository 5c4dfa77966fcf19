package dev.condlint.rules.config;

import static dev.condlint.rules.config.ConfigFixtures.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every kind of rule option: its schema, how it reads, and how a bad value is reported. */
class RuleOptionsTest {
  private static final Ruleset RULESET = Ruleset.builtIn().plusRules(List.of(new EveryKind()));

  @RuleInfo(id = "every-kind", title = "Takes every kind of option", severity = Severity.INFO,
      scope = Scope.OBJECT, rationale = "Test double.", source = "RuleOptionsTest")
  static final class EveryKind implements ObjectRule, Configurable<EveryKind.Options> {
    record Options(
        @JsonPropertyDescription("A name.") String name,
        @JsonPropertyDescription("Whether to.") Boolean strict,
        @JsonPropertyDescription("How many.") int max,
        @JsonPropertyDescription("Which types.") List<String> types,
        @JsonPropertyDescription("How long.") Duration after) {}

    @Override
    public Class<Options> optionsType() {
      return Options.class;
    }

    @Override
    public void check(ObjectCheck check) {}
  }

  @Test
  void theSchemaOfEachOptionIsItsDescriptionAndItsKindsValues() {
    assertEquals(
        "{\"name\":{\"description\":\"A name.\",\"type\":\"string\"},"
            + "\"strict\":{\"description\":\"Whether to.\",\"type\":\"boolean\"},"
            + "\"max\":{\"description\":\"How many.\",\"type\":\"integer\"},"
            + "\"types\":{\"description\":\"Which types.\",\"type\":\"array\",\"items\":{\"type\":\"string\"}},"
            + "\"after\":{\"description\":\"How long.\",\"anyOf\":[{\"type\":\"string\",\"pattern\":"
            + "\"^[\\\\u0000- ]*(none|0|([0-9]+(\\\\.[0-9]+)?(ns|us|µs|ms|s|m|h))+)[\\\\u0000- ]*$\"},"
            + "{\"type\":\"number\",\"minimum\":0,\"maximum\":0}]}}",
        RuleOptions.schema(EveryKind.Options.class).toString());
    assertEquals(
        List.of(new RuleOptions.Option("name", "A name.", "a string"),
            new RuleOptions.Option("strict", "Whether to.", "true or false"),
            new RuleOptions.Option("max", "How many.", "an integer"),
            new RuleOptions.Option("types", "Which types.", "a list of strings"),
            new RuleOptions.Option("after", "How long.", "a Go duration such as 90s or 1h30m, or none or 0 for off")),
        RuleOptions.describe(EveryKind.Options.class));
  }

  @Test
  void aRuleWithNoOptionSetGetsTheRecordJacksonReadsFromAMappingWithoutItsKeys() {
    // No option set is built without Jackson; a mapping holding only a key no rule has is read by Jackson.
    int configurable = 0;
    for (var rule : RULESET.registry().rules()) {
      if (rule instanceof Configurable<?> c) {
        assertEquals(RuleOptions.read(c, tree("no-such-option: 1\n")), RuleOptions.read(c, MissingNode.getInstance()),
            rule.id());
        assertEquals(RuleOptions.read(c, tree("no-such-option: 1\n")), RuleOptions.read(c, tree("{}")), rule.id());
        configurable++;
      }
    }
    assertEquals(true, configurable > 5, "configurable rules: " + configurable);
  }

  @Test
  void optionsReadIntoTheRecordAndThoseNotSetAreNull() {
    assertEquals(new EveryKind.Options("x", true, 3, List.of("Ready", "Synced"), Duration.ofMinutes(90)),
        RuleOptions.read(new EveryKind(),
            tree("name: x\nstrict: true\nmax: 3\ntypes: [Ready, Synced]\nafter: 1h30m\n")));
    assertEquals(new EveryKind.Options(null, null, 0, null, null),
        RuleOptions.read(new EveryKind(), MissingNode.getInstance()));
    assertEquals(Duration.ZERO, RuleOptions.read(new EveryKind(), tree("after: none\n")).after());
    assertEquals(Duration.ZERO, RuleOptions.read(new EveryKind(), tree("after: 0\n")).after());
  }

  @Test
  void aValueOfTheWrongTypeIsReportedByTheSchemaAndABadDurationByItsReader() {
    assertEquals(
        List.of("4 /rules/every-kind/options/max rules.every-kind.options.max must be a number, not a string"
                + " (\"many\").",
            "5 /rules/every-kind/options/types rules.every-kind.options.types must be a list, not a string"
                + " (\"Ready\").",
            "6 /rules/every-kind/options/after rules.every-kind.options.after: invalid duration 'soon': expected"
                + " Go duration syntax such as 90s, 10m or 1h30m, or none."),
        problems("rules:\n  every-kind:\n    options:\n      max: many\n      types: Ready\n      after: soon\n"));
  }

  @Test
  void anOptionLeftEmptyIsNoDuration() {
    assertEquals(
        List.of("4 /rules/pickup-deadline-exceeded/options/deadline rules.pickup-deadline-exceeded.options.deadline:"
            + " invalid duration null: expected Go duration syntax such as 90s, 10m or 1h30m, or none."),
        ConfigFixtures.problems("rules:\n  pickup-deadline-exceeded:\n    options:\n      deadline:\n"));
  }

  @Test
  void aRecordWithAKindNoOptionTakesIsRefused() {
    record Unsupported(@JsonPropertyDescription("A map.") Map<String, String> byName) {}

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> RuleOptions.describe(Unsupported.class));
    assertEquals("option byName of " + Unsupported.class.getName() + " is of a kind no rule option takes:"
        + " java.util.Map<java.lang.String, java.lang.String>", e.getMessage());
  }

  private static List<String> problems(String yaml) {
    return ConfigFixtures.problems(yaml, RULESET);
  }
}
