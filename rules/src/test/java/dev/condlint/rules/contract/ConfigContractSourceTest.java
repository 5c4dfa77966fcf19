package dev.condlint.rules.contract;

import static dev.condlint.rules.config.ConfigFixtures.problems;
import static dev.condlint.rules.contract.ContractFixtures.fromConfig;
import static dev.condlint.rules.contract.ContractFixtures.fromCrd;
import static dev.condlint.rules.contract.ContractFixtures.listContract;
import static dev.condlint.rules.contract.ContractFixtures.loadConfig;
import static dev.condlint.rules.contract.ContractFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.Finding;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.KindSchemas;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The {@code contracts} entries of {@code .condlint.yaml} as a contract source, read through
 * ConfigLoader from YAML text: what each key gives, in which order entries and sources count, and
 * every problem the loader reports in them, at its pointer and line.
 */
class ConfigContractSourceTest {
  private static final ContractBasis FIRST_ENTRY = fromConfig(".condlint.yaml contracts[0]");
  private static final ContractBasis SECOND_ENTRY = fromConfig(".condlint.yaml contracts[1]");

  private static final Config WIDGET_CONTRACT = loadConfig("""
      contracts:
        - group: example.com
          kinds: [Widget]
          versions: [v1]
          conditions:
            family: knative
            fields: {message: required}
            types: {Replicated: normal-true, Paused: unknown}
            typeEndings: {Lagging: abnormal-true}
            summary: [Ready]
            observedGeneration: status
          lists:
            status.replicas[].conditions:
              family: metav1
              summary: {types: [Accepted, Programmed], all: true}
      """);

  private static final String WIDGET = """
      apiVersion: example.com/v1
      kind: Widget
      metadata: {name: orders, generation: 2}
      status:
        conditions:
        - {type: Ready, status: "True"}
        replicas:
        - name: a
          conditions:
          - {type: Accepted, status: "True", reason: Accepted, message: "", lastTransitionTime: "2024-05-01T12:00:00Z"}
      """;

  private static ConditionSchema family(String id) {
    return Ruleset.builtIn().catalogue().families().get(id).schema();
  }

  @Test
  void theFamilyWithItsFieldChangesIsTheListsSchema() {
    assertEquals(
        Optional.of(new Known<>(family("knative").with(Map.of("message", FieldRule.REQUIRED)), FIRST_ENTRY)),
        listContract(WIDGET_CONTRACT, WIDGET, "/status/conditions").schema());
  }

  @Test
  void anEntrysSourceAndSymbolAreStatedAsACatalogueEntrysAndTheSourceIsTheBasissCitation() {
    Config cited = loadConfig("""
        contracts:
          - group: example.com
            kinds: [Widget]
            source: example/widget-operator@0123abc api/v1/widget_types.go
            symbol: type WidgetStatus struct
            conditions: {family: metav1, types: {Replicated: normal-true}}
        """);

    assertEquals(Optional.of(new Known<>(Polarity.NORMAL_TRUE, new ContractBasis(ContractBasis.Source.CONFIG,
            ".condlint.yaml contracts[0]", "example/widget-operator@0123abc api/v1/widget_types.go"))),
        listContract(cited, WIDGET, "/status/conditions").polarity("Replicated"));
  }

  @Test
  void typesAndTypeEndingsGiveEachTypeItsPolarity() {
    ListContract contract = listContract(WIDGET_CONTRACT, WIDGET, "/status/conditions");

    assertEquals(Optional.of(new Known<>(Polarity.NORMAL_TRUE, FIRST_ENTRY)), contract.polarity("Replicated"));
    assertEquals(Optional.of(new Known<>(Polarity.ABNORMAL_TRUE, FIRST_ENTRY)), contract.polarity("ReplicaLagging"));
  }

  @Test
  void anUnknownPolarityOverridesWhatTheNameSuggestsAndSilencesPolarityRules() {
    ListContract contract = listContract(WIDGET_CONTRACT, WIDGET, "/status/conditions");

    assertEquals(Optional.of(new Known<>(Polarity.UNKNOWN, FIRST_ENTRY)), contract.polarity("Paused"));
    assertEquals(Optional.empty(), contract.knownPolarity("Paused"));
  }

  @Test
  void summaryAndObservedGenerationAreTheEntrys() {
    ListContract contract = listContract(WIDGET_CONTRACT, WIDGET, "/status/conditions");

    assertEquals(Optional.of(new Known<>(new Summary(List.of("Ready"), false), FIRST_ENTRY)), contract.summary());
    assertEquals(Optional.of(new Known<>(GenerationTracking.STATUS, FIRST_ENTRY)), contract.generation());
  }

  @Test
  void aNestedListTakesWhatTheEntrySaysAtItsPath() {
    ListContract contract = listContract(WIDGET_CONTRACT, WIDGET, "/status/replicas/0/conditions");

    assertEquals(Optional.of(new Known<>(family("metav1"), FIRST_ENTRY)), contract.schema());
    assertEquals(Optional.of(new Known<>(new Summary(List.of("Accepted", "Programmed"), true), FIRST_ENTRY)),
        contract.summary());
  }

  @Test
  void anEntryForOtherVersionsOrKindsSaysNothing() {
    ListContract otherVersion = listContract(WIDGET_CONTRACT, WIDGET.replace("example.com/v1", "example.com/v2"),
        "/status/conditions");
    ListContract otherKind = listContract(WIDGET_CONTRACT, WIDGET.replace("kind: Widget", "kind: Gadget"),
        "/status/conditions");

    assertEquals(Optional.empty(), otherVersion.schema());
    assertEquals(Optional.empty(), otherKind.schema());
  }

  @Test
  void theFirstEntryInTheFileThatSaysAPartGivesItAndLaterOnesFillTheRest() {
    Config config = loadConfig("""
        contracts:
          - group: "*.com"
            conditions: {summary: [Healthy]}
          - group: example.com
            conditions: {family: metav1, summary: [Ready], types: {Healthy: normal-true}}
        """);

    ListContract contract = listContract(config, WIDGET, "/status/conditions");

    assertEquals(Optional.of(new Known<>(new Summary(List.of("Healthy"), false), FIRST_ENTRY)), contract.summary(),
        "file order, not the more specific group, decides between configured entries");
    assertEquals(Optional.of(new Known<>(family("metav1"), SECOND_ENTRY)), contract.schema());
    assertEquals(Optional.of(new Known<>(Polarity.NORMAL_TRUE, SECOND_ENTRY)), contract.polarity("Healthy"));
  }

  @Test
  void theConfigurationOutranksTheKindsCrdAndTheCatalogue() {
    Config config = loadConfig("""
        contracts:
          - group: kustomize.toolkit.fluxcd.io
            kinds: [Kustomization]
            conditions: {family: metav1, fields: {message: optional}}
        """);
    String kustomization = text("crds/kustomize.toolkit.fluxcd.io_kustomizations.yaml") + "---\n"
        + text("families/metav1-kustomization.yaml").replace(
            "      message: 'Applied revision: main@sha1:696f056df216eea4f9401adbee0ff744d4df390f'\n", "");

    assertEquals(FIRST_ENTRY, listContract(config, kustomization, "/status/conditions").schema().orElseThrow().basis());
    assertEquals(List.of(), RuleRun.of("condition-message-present").config(config).lines(kustomization),
        "the CRD requires a message; the configuration says this kind's conditions need none");
    List<Finding> withoutConfig = RuleRun.of("condition-message-present").findings(kustomization);
    assertEquals(List.of("827:7 error condition-message-present /status/conditions/0/message"), RuleRun.lines(withoutConfig));
    assertEquals(
        fromCrd("CRD kustomizations.kustomize.toolkit.fluxcd.io (kustomize.toolkit.fluxcd.io/v1)"),
        withoutConfig.get(0).basis().orElseThrow());
  }

  @Test
  void anUnknownFamilyIsReportedWithTheNearestFamilyAndEveryKnownOne() {
    assertEquals(
        List.of("3 /contracts/0/conditions/family contracts[0].conditions.family: 'metav2' is not a known condition"
            + " family; did you mean 'metav1'? (expected one of: "
            + String.join(", ", Ruleset.builtIn().catalogue().families().keySet()) + ")."),
        problems("contracts:\n  - group: example.com\n    conditions: {family: metav2}\n"));
  }

  @Test
  void aListPathThatIsNotAPathUnderStatusIsReportedAtItsKey() {
    assertEquals(
        List.of(
            "4 /contracts/0/lists/status.listeners.conditions[x] contracts[0].lists[\"status.listeners.conditions[x]\"]:"
                + " 'status.listeners.conditions[x]' is not a condition list path (write it as status.conditions or"
                + " status.listeners[].conditions; * stands for any one map key).",
            "5 /contracts/0/lists/spec.conditions contracts[0].lists[\"spec.conditions\"]: 'spec.conditions' is not a"
                + " condition list path (write it as status.conditions or status.listeners[].conditions; * stands for"
                + " any one map key)."),
        problems("""
            contracts:
              - group: example.com
                lists:
                  status.listeners.conditions[x]: {family: metav1}
                  spec.conditions: {family: metav1}
            """));
  }

  @Test
  void aMisspeltPolarityIsOneProblem() {
    assertEquals(
        List.of(
            "4 /contracts/0/conditions/types/Ready contracts[0].conditions.types.Ready: 'healthy' is not a known"
                + " polarity (expected one of: normal-true, abnormal-true, unknown).",
            "5 /contracts/0/conditions/typeEndings/Degraded contracts[0].conditions.typeEndings.Degraded: 'bad' is not"
                + " a known polarity (expected one of: normal-true, abnormal-true, unknown)."),
        problems("""
            contracts:
              - group: example.com
                conditions:
                  types: {Ready: healthy}
                  typeEndings: {Degraded: bad}
            """));
  }

  @Test
  void aMisspeltFieldRuleIsOneProblem() {
    assertEquals(
        List.of(
            "4 /contracts/0/conditions/fields/reason contracts[0].conditions.fields.reason: 'sometimes' is not a"
                + " known field rule (expected one of: required, optional).",
            "4 /contracts/0/conditions/fields/message/requiredWhen/0"
                + " contracts[0].conditions.fields.message.requiredWhen[0]: 'Maybe' is not a known condition status"
                + " (expected one of: True, False, Unknown)."),
        problems("""
            contracts:
              - group: example.com
                conditions:
                  fields: {reason: sometimes, message: {requiredWhen: [Maybe]}}
            """));
  }

  @Test
  void aMisspeltObservedGenerationIsOneProblem() {
    assertEquals(
        List.of("3 /contracts/0/conditions/observedGeneration contracts[0].conditions.observedGeneration: 'always' is"
            + " not a known place of observedGeneration (expected one of: status, condition, both, none)."),
        problems("contracts:\n  - group: example.com\n    conditions: {observedGeneration: always}\n"));
  }

  /** A DeployItem of a Landscaper fork under its own group, whose deployer has not picked up a job for ten minutes. */
  private static final String FORKED_DEPLOY_ITEM = """
      apiVersion: deploy.example.com/v1
      kind: DeployItem
      metadata: {name: item, generation: 1}
      status:
        jobID: 5a6d0d6e-3c1b-4a7e-9b8e-1d2f3a4b5c6d
        jobIDFinished: 0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b
        jobIDGenerationTime: "2024-05-31T23:50:00Z"
        lastReconcileTime: "2024-05-31T20:00:00Z"
      """;

  private static final String FORK_TIMING = """
      contracts:
        - group: deploy.example.com
          kinds: [DeployItem]
          timing:
            model: landscaper-deploy-item
            deadlines: {pickup: 5m, progressingDefault: 10m, abort: 5m}
            fields:
              - {path: status.jobIDGenerationTime, go: "DeployItemStatus.JobIDGenerationTime *metav1.Time", doc: "when the JobID was set"}
            source: "example/landscaper-fork@0123abc apis/core/v1alpha1/types_deployitem.go"
      """;

  @Test
  void aTimingTurnsTheSystemsRulesOnForTheKinds() {
    RuleRun pickup = RuleRun.of("landscaper-pickup-timeout-unmarked");

    assertEquals(List.of(), pickup.lines(FORKED_DEPLOY_ITEM));
    assertEquals(List.of("7:24 warning landscaper-pickup-timeout-unmarked /status/jobIDGenerationTime"),
        pickup.config(loadConfig(FORK_TIMING)).lines(FORKED_DEPLOY_ITEM));
    ContractResolver resolver = loadConfig(FORK_TIMING).contractConfig()
        .resolver(CrdCatalog.EMPTY, KindSchemas.NONE, Ruleset.builtIn().catalogue());
    assertEquals(Optional.of(new ContractBasis(ContractBasis.Source.CONFIG, ".condlint.yaml contracts[0]",
            "example/landscaper-fork@0123abc apis/core/v1alpha1/types_deployitem.go")),
        resolver.timing(new ObjectRef("deploy.example.com/v1", "DeployItem", "", "")).map(Known::basis));
  }

  @Test
  void aGroupThatIsNoGroupOrPatternIsReported() {
    assertEquals(
        List.of(
            "2 /contracts/0/group contracts[0].group: 'Example.COM' is not an API group or group pattern (an exact"
                + " group such as example.com, \"\" for the core group, *.example.com, or *).",
            "4 /contracts/1/group contracts[1].group: '*example.com' is not an API group or group pattern (an exact"
                + " group such as example.com, \"\" for the core group, *.example.com, or *)."),
        problems("""
            contracts:
              - group: Example.COM
                conditions: {family: metav1}
              - group: "*example.com"
                conditions: {family: metav1}
            """));
  }

  @Test
  void aSummaryThatIsNeitherAListNorTypesIsOneProblem() {
    assertEquals(
        List.of("3 /contracts/0/conditions/summary contracts[0].conditions.summary must be a list, not a string"
            + " (\"Ready\")."),
        problems("contracts:\n  - group: example.com\n    conditions: {summary: Ready}\n"));
  }

  @Test
  void problemsInSeveralEntriesComeInTheFilesOrder() {
    assertEquals(
        List.of(
            "3 /contracts/0/conditions/family contracts[0].conditions.family: 'knativ' is not a known condition"
                + " family; did you mean 'knative'? (expected one of: "
                + String.join(", ", Ruleset.builtIn().catalogue().families().keySet()) + ").",
            "5 /contracts/1/conditions/types/Ready contracts[1].conditions.types.Ready: 'maybe' is not a known"
                + " polarity (expected one of: normal-true, abnormal-true, unknown)."),
        problems("""
            contracts:
              - group: example.com
                conditions: {family: knativ}
              - group: example.org
                conditions: {family: metav1, types: {Ready: maybe}}
            """));
  }

  private static final String NEW_GATEWAY = """
      apiVersion: example.com/v1
      kind: Gateway
      metadata: {name: new, generation: 1}
      status:
        conditions:
        - {type: Accepted, status: Unknown, reason: Pending, message: Waiting for controller, lastTransitionTime: "1970-01-01T00:00:00Z"}
        - {type: Accepted, status: Unknown, reason: Pending, message: Waiting for controller, lastTransitionTime: "2024-05-01T00:00:00Z"}
      """;

  /** The conditions of the list at /status/conditions of the text's last object, in order. */
  private static List<dev.condlint.model.Condition> conditions(String yaml) {
    com.fasterxml.jackson.databind.JsonNode list = dev.condlint.rules.testing.YamlFixtures
        .documents("fixture.yaml", yaml).get(0).object().at("/status/conditions");
    return List.of(new dev.condlint.model.Condition("/status/conditions/0", 0, list.get(0)),
        new dev.condlint.model.Condition("/status/conditions/1", 1, list.get(1)));
  }

  @Test
  void aConditionEqualToOneOfTheEntrysPlaceholdersIsOneAndAnyOtherIsNot() {
    Config config = loadConfig("""
        contracts:
          - group: example.com
            conditions:
              family: metav1
              placeholders:
              - {type: Accepted, status: Unknown, reason: Pending, message: Waiting for controller, lastTransitionTime: "1970-01-01T00:00:00Z"}
        """);
    ListContract contract = listContract(config, NEW_GATEWAY, "/status/conditions");
    List<dev.condlint.model.Condition> conditions = conditions(NEW_GATEWAY);

    assertEquals(List.of(true, false), conditions.stream().map(contract::isPlaceholder).toList());
    assertEquals(List.of(false, false), conditions.stream()
        .map(listContract(loadConfig("contracts: [{group: example.com, conditions: {family: metav1}}]"), NEW_GATEWAY,
            "/status/conditions")::isPlaceholder).toList(), "an entry without placeholders states none");
  }

  private static final String COMPOSITE = """
      apiVersion: example.org/v1
      kind: XDatabase
      metadata: {name: db, generation: 1}
      status:
        conditions:
        - {type: Ready, status: "True", reason: Available, lastTransitionTime: "2024-05-01T00:00:00Z"}
      """;

  @Test
  void theCategoriesAnEntryStatesSelectTheCataloguesEntriesOfThoseCategoriesAsTheCrdsWould() {
    Config stated = loadConfig("""
        contracts:
          - group: example.org
            kinds: [XDatabase]
            categories: [composite]
        """);
    Config none = loadConfig("contracts: [{group: example.org, kinds: [XDatabase]}]");

    assertEquals(Optional.of(ContractBasis.Source.CATALOGUE),
        listContract(stated, COMPOSITE, "/status/conditions").summary().map(k -> k.basis().source()));
    assertEquals(List.of("Ready", "Synced"),
        listContract(stated, COMPOSITE, "/status/conditions").summary().orElseThrow().value().types());
    assertEquals(Optional.empty(), listContract(none, COMPOSITE, "/status/conditions").summary()
        .filter(k -> k.basis().source() == ContractBasis.Source.CATALOGUE));
  }

  @Test
  void aNullPatternOrFormatTakesAwayTheFamilysAndLeavesTheRest() {
    Config config = loadConfig("""
        contracts:
          - group: example.com
            conditions:
              family: metav1
              constraints:
                reason: {pattern: null}
                lastTransitionTime: {format: null}
        """);
    ConditionSchema schema = listContract(config, WIDGET, "/status/conditions").schema().orElseThrow().value();

    assertEquals(List.of(false, true, false, false), List.of(schema.hasPattern("reason"), schema.hasPattern("type"),
        schema.isDateTime("lastTransitionTime"), schema.isPlainTime("lastTransitionTime")));
    assertEquals(List.of(true, true), List.of(family("metav1").hasPattern("reason"),
        family("metav1").isDateTime("lastTransitionTime")));
  }
}
