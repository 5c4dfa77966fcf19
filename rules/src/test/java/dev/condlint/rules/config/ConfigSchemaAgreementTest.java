package dev.condlint.rules.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.condlint.rules.catalogue.Ruleset;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An editor that validates {@code .condlint.yaml} with the published schema accepts exactly what the
 * loader accepts: misspelt rule ids and options, bad durations, globs and contracts entries are
 * refused by both (issue 17, item 7).
 */
class ConfigSchemaAgreementTest {
  private static final Schema PUBLISHED = published();

  private static Schema published() {
    try {
      JsonNode node = new ObjectMapper().readTree(ConfigSchemaTest.PUBLISHED.toFile());
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(node);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static List<Error> editor(String yaml) {
    return PUBLISHED.validate(ConfigFixtures.tree(yaml));
  }

  private static List<ConfigProblem> loader(String yaml) {
    return ConfigLoader.load(ConfigFixtures.tree(yaml), Ruleset.builtIn()).problems();
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "profile: flux\ngroups: {\"*.example.com\": kstatus, cert-manager.io: k8s}\n",
    "rules:\n  duplicate-key: warning\n  suppression-unused: {level: off}\n  condition-type-required: off\n",
    "rules:\n  pickup-deadline-exceeded:\n    level: warning\n    options: {deadline: 90s}\n",
    "rules:\n  progress-deadline-exceeded: {options: {deadline: none}}\n  stalled-without-recovery:"
        + " {options: {deadline: 0}}\n",
    "rules:\n  stalled-without-recovery: {options: {deadline: \" 1h30m \"}}\n  suppression-unused: {options: {}}\n",
    "rules:\n  landscaper-pickup-timeout-unmarked: {options: {pickup: 30s}}\n  landscaper-progressing-timeout-unmarked:"
        + " {options: {progressingDefault: 1h}}\n  landscaper-abort-timeout-unmarked: {options: {abort: none}}\n",
    "settings: {clockSkew: 1.5s, negativeTypes: [Degraded], monotonicTypes: {Succeeded: True}}\n",
    "settings: {clockSkew: none, messageRequired: false}\n",
    "exclude: [\"charts/**\", \"[!a-c]*.yaml\", \"{a,b}/**\", \"x[-]\", \"\\\\{literal\"]\n",
    "contracts:\n  - group: \"*.example.com\"\n    kinds: [Widget]\n    conditions:\n      family: metav1\n"
        + "      types: {Ready: normal-true, Degraded: abnormal-true}\n      summary: [Ready]\n"
        + "      observedGeneration: both\n      fields: {reason: required, message: {requiredWhen: [False]}}\n"
        + "    lists:\n      status.listeners[].conditions: {family: metav1}\n      status.parts.*.conditions:"
        + " {summary: {types: [Ready], all: true}}\n",
    "contracts:\n  - group: \"\"\n    conditions: {family: pod}\n  - group: \"*\"\n    conditions: {typeEndings: {Degraded: abnormal-true}}\n",
  })
  void whatTheLoaderAcceptsTheSchemaAccepts(String yaml) {
    assertEquals(List.of(), loader(yaml));
    assertEquals(List.of(), editor(yaml));
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "rules:\n  pickup-deadline-exceeded:\n    options: {dedline: 10m}\n",
    "rules:\n  suppression-unused:\n    options: {verbose: true}\n",
    "rules:\n  landscaper-progressing-timeout-unmarked:\n    options: {progressing: 1h}\n",
    "rules:\n  landscaper-pickup-timeout-unmarked:\n    options: {deadline: 1h}\n",
    "rules:\n  landscaper-abort-timeout-unmarked: {options: {abort: five minutes}}\n",
    "rules:\n  arc-failures-over-limit:\n    options: {maxFailures: 5}\n",
    "rules:\n  duplicate-keys: warning\n",
    "rules:\n  a02: warning\n",
    "rules:\n  duplicate-key: warn\n",
    "rules:\n  pickup-deadline-exceeded: {options: {deadline: 10 minutes}}\n",
    "rules:\n  pickup-deadline-exceeded: {options: {deadline: 5}}\n",
    "rules:\n  pickup-deadline-exceeded: {options: {deadline: true}}\n",
    "rules:\n  pickup-deadline-exceeded: {options: {deadline: 1d}}\n",
    "settings: {clockSkew: 5 minutes}\n",
    "settings: {clockSkew: \"-5m\"}\n",
    "exclude: [\"charts/[abc\"]\n",
    "exclude: [\"{a,{b}}\"]\n",
    "exclude: [\"x\\\\\"]\n",
    "exclude: [\"[a/b]\"]\n",
    "exclude: [\"[a-c-e]\"]\n",
    "exclude: [\"[]\"]\n",
    "profile: fluxx\n",
    "groups: {Example.COM: flux}\n",
    "contracts:\n  - group: Example.COM\n    conditions: {family: metav1}\n",
    "contracts:\n  - group: \"*example.com\"\n",
    "contracts:\n  - group: example.com\n    conditions: {family: metav2}\n",
    "contracts:\n  - group: example.com\n    lists: {spec.conditions: {family: metav1}}\n",
    "contracts:\n  - group: example.com\n    lists: {\"status.listeners.conditions[x]\": {family: metav1}}\n",
    "contracts:\n  - group: example.com\n    conditions: {types: {Ready: healthy}}\n",
    "contracts:\n  - group: example.com\n    conditions: {observedGeneration: always}\n",
    "contracts:\n  - group: example.com\n    conditions: {fields: {reason: sometimes}}\n",
    "contracts:\n  - kinds: [Widget]\n",
    "contracts:\n  - group: example.com\n    conditions: {famly: metav1}\n",
  })
  void whatTheLoaderRefusesTheSchemaRefuses(String yaml) {
    assertEquals(1, loader(yaml).size(), loader(yaml).toString());
    assertTrue(!editor(yaml).isEmpty(), "the schema accepts " + yaml);
  }

  /** The one thing a pattern cannot say: that each range of a glob's class runs upwards. */
  @ParameterizedTest
  @ValueSource(strings = {"exclude: [\"[z-a]\"]\n"})
  void aRangeThatRunsDownwardsIsRefusedByTheLoaderOnly(String yaml) {
    assertEquals(List.of(new ConfigProblem("/exclude/0",
        "exclude[0]: '[z-a]' is not a valid glob (Invalid range at index 1).")), loader(yaml));
    assertEquals(List.of(), editor(yaml));
  }
}
