package dev.condlint.rules.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ConditionLists;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.model.LineSuppression;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.catalogue.meta.UnusedSuppression;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.kstatus.KstatusResult;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The engine's own behaviour, with small rules defined here so that it does not depend on the catalogue. */
class EngineTest {

  @RuleInfo(id = "reason-missing", code = "X01", title = "t", severity = Severity.ERROR, scope = Scope.OBJECT,
      rationale = "r", source = "s")
  static final class ReasonMissing implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      for (Condition c : check.allConditions()) {
        if (!c.has("reason")) {
          check.report(c.pointer("reason"), "no reason", "add one");
        }
      }
    }
  }

  @RuleInfo(id = "unknown-is-info", title = "t", severity = Severity.WARNING, scope = Scope.OBJECT,
      rationale = "r", source = "s")
  static final class UnknownIsInfo implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      for (Condition c : check.allConditions()) {
        if (c.isUnknown()) {
          check.report(Severity.INFO, c.pointer("status"), "unknown", "wait");
        } else if (c.isFalse()) {
          check.report(c.pointer("status"), "false", "fix");
        }
      }
    }
  }

  /** Reports once on every object it runs on, so a test sees on which objects the engine ran it. */
  abstract static class ReportsOnce implements ObjectRule {
    private final String pointer;
    private final String message;

    ReportsOnce(String pointer, String message) {
      this.pointer = pointer;
      this.message = message;
    }

    @Override
    public void check(ObjectCheck check) {
      check.report(pointer, message, "");
    }
  }

  @RuleInfo(id = "flux-only", title = "t", severity = Severity.WARNING, scope = Scope.OBJECT,
      rationale = "r", source = "s", onByDefault = false)
  static final class FluxOnly extends ReportsOnce {
    FluxOnly() {
      super("/status", "flux-only fired");
    }
  }

  @RuleInfo(id = "custom-only", title = "t", severity = Severity.INFO, scope = Scope.OBJECT,
      rationale = "r", source = "s", builtinKinds = false)
  static final class CustomOnly extends ReportsOnce {
    CustomOnly() {
      super("", "custom");
    }
  }

  @RuleInfo(id = "every-object", title = "t", severity = Severity.INFO, scope = Scope.OBJECT,
      rationale = "r", source = "s")
  static final class EveryObject extends ReportsOnce {
    EveryObject() {
      super("", "an object");
    }
  }

  @RuleInfo(id = "every-version", title = "t", severity = Severity.WARNING, scope = Scope.CRD,
      rationale = "r", source = "s")
  static final class EveryVersion implements CrdRule {
    @Override
    public void check(CrdCheck check) {
      check.report(check.versionPointer(), "version " + check.versionName(), "");
    }
  }

  /** Stands for a CRD schema rule: it repeats, at the same node, what {@link UnknownIsInfo} says. */
  @RuleInfo(id = "status-schema", title = "t", severity = Severity.WARNING, scope = Scope.OBJECT,
      rationale = "r", source = "s", stepsBackForOtherRules = true)
  static final class StatusSchema implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      for (Condition c : check.allConditions()) {
        if (!c.isTrue()) {
          check.report(c.pointer("status"), "not True", "");
        }
      }
    }
  }

  /** Keeps the shared per-object views each check gave it, to show that the rules of one object share them. */
  abstract static class Views implements ObjectRule {
    List<Condition> conditions;
    Optional<KstatusResult> kstatus;

    @Override
    public void check(ObjectCheck check) {
      conditions = check.allConditions();
      kstatus = check.kstatus();
    }
  }

  @RuleInfo(id = "views-a", title = "t", severity = Severity.INFO, scope = Scope.OBJECT, rationale = "r", source = "s")
  static final class ViewsA extends Views {}

  @RuleInfo(id = "views-b", title = "t", severity = Severity.INFO, scope = Scope.OBJECT, rationale = "r", source = "s")
  static final class ViewsB extends Views {}

  private static final String OBJECT =
      YamlFixtures.databaseWithConditions(
          """
            - type: Ready
              status: "False"
            - type: Synced
              status: Unknown
              reason: Waiting
          """);

  private static Engine engine(Config config, Rule... rules) {
    List<Rule> all = new java.util.ArrayList<>(List.of(rules));
    all.add(new UnusedSuppression());
    return new Engine(Ruleset.builtIn().withRules(all), config);
  }

  private static List<String> lines(List<Finding> findings) {
    return RuleRun.lines(findings);
  }

  @Test
  void positionsAMissingFieldAtTheObjectThatLacksIt() {
    List<Finding> findings =
        engine(Config.DEFAULT, new ReasonMissing()).check(YamlFixtures.document(OBJECT), Optional.empty()).findings();
    assertEquals(List.of("7:5 error reason-missing /status/conditions/0/reason"), lines(findings));
  }

  @Test
  void capsASubCaseBelowTheRulesLevelUnlessTheUserSetTheLevel() {
    Engine defaults = engine(Config.DEFAULT, new UnknownIsInfo());
    assertEquals(
        List.of("8:13 warning unknown-is-info /status/conditions/0/status",
            "10:13 info unknown-is-info /status/conditions/1/status"),
        lines(defaults.check(YamlFixtures.document(OBJECT), Optional.empty()).findings()));
    Engine explicit = engine(Config.DEFAULT.withRuleLevel("unknown-is-info", Level.ERROR), new UnknownIsInfo());
    assertEquals(
        List.of("8:13 error unknown-is-info /status/conditions/0/status",
            "10:13 error unknown-is-info /status/conditions/1/status"),
        lines(explicit.check(YamlFixtures.document(OBJECT), Optional.empty()).findings()));
  }

  @Test
  void aRuleOffByDefaultRunsOnlyWhereAProfileOrTheUserTurnsItOn() {
    Document doc = YamlFixtures.document(OBJECT);
    assertEquals(List.of(), engine(Config.DEFAULT, new FluxOnly()).check(doc, Optional.empty()).findings());
    assertEquals(
        List.of("5:1 warning flux-only /status"),
        lines(engine(Config.DEFAULT.withRuleLevel("flux-only", Level.WARNING), new FluxOnly())
            .check(doc, Optional.empty()).findings()));
  }

  @Test
  void skipsBuiltInKindsForRulesThatModelOnlyMetav1Conditions() {
    Document pod = YamlFixtures.document("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n");
    Document custom = YamlFixtures.document("apiVersion: example.com/v1\nkind: Db\nmetadata: {name: p}\n");
    Engine engine = engine(Config.DEFAULT, new CustomOnly());
    assertEquals(List.of(), engine.check(pod, Optional.empty()).findings());
    assertEquals(List.of("1:1 info custom-only "), lines(engine.check(custom, Optional.empty()).findings()));
  }

  @Test
  void theIgnoreAnnotationSuppressesItsRulesAndReportsTheOnesThatMatchedNothing() {
    Document doc =
        YamlFixtures.document(
            """
            apiVersion: example.com/v1
            kind: Database
            metadata:
              name: orders
              annotations:
                condlint.dev/ignore: "reason-missing, no-such-rule"
            status:
              conditions:
              - type: Ready
                status: "True"
            """);
    assertReasonMissingFindsOnly(
        doc,
        "6:26 info suppression-unused /metadata/annotations/condlint.dev~1ignore",
        "The condlint.dev/ignore annotation names 'no-such-rule', which is not a condlint rule, so it suppresses nothing.");
  }

  @Test
  void aLineSuppressionDropsFindingsOnItsTargetLineOnly() {
    Document parsed = YamlFixtures.document(OBJECT);
    Position comment = new Position(6, 3);
    Document doc =
        new Document(parsed.object(), parsed.source(), List.of(
            new LineSuppression(7, java.util.Set.of("reason-missing"), "legacy", comment),
            new LineSuppression(9, java.util.Set.of("reason-missing"), "stale", new Position(8, 3))));
    assertReasonMissingFindsOnly(
        doc,
        "8:3 info suppression-unused ",
        "The condlint:ignore comment suppresses reason-missing, but reason-missing reports nothing here.");
  }

  @Test
  void aSuppressionNamesARuleByItsCatalogueCodeInAnyCase() {
    Document parsed = YamlFixtures.document(OBJECT);
    Document doc =
        new Document(parsed.object(), parsed.source(), List.of(
            new LineSuppression(7, java.util.Set.of("X01"), "legacy", new Position(6, 3)),
            new LineSuppression(9, java.util.Set.of("x01"), "stale", new Position(8, 3))));
    assertReasonMissingFindsOnly(
        doc,
        "8:3 info suppression-unused ",
        "The condlint:ignore comment suppresses x01, but x01 reports nothing here.");
  }

  @Test
  void theIgnoreAnnotationNamesARuleByItsCatalogueCode() {
    Document doc = YamlFixtures.document(OBJECT.replace("  name: orders\n",
        "  name: orders\n  annotations:\n    condlint.dev/ignore: \"X01, X99\"\n"));
    assertReasonMissingFindsOnly(
        doc,
        "6:26 info suppression-unused /metadata/annotations/condlint.dev~1ignore",
        "The condlint.dev/ignore annotation names 'X99', which is not a condlint rule, so it suppresses nothing.");
  }

  /** Runs reason-missing (and the unused-suppression check) and expects exactly this one finding. */
  private static void assertReasonMissingFindsOnly(Document doc, String line, String message) {
    List<Finding> findings = engine(Config.DEFAULT, new ReasonMissing()).check(doc, Optional.empty()).findings();
    assertEquals(List.of(line), lines(findings));
    assertEquals(message, findings.get(0).message());
  }

  @Test
  void aFindingThatStepsBackDoesSoOnlyForAFindingAtLeastAsSevereOnTheSameNode() {
    // Condition 0: unknown-is-info's warning covers the schema-like warning; condition 1: its info does not.
    assertEquals(
        List.of("8:13 warning unknown-is-info /status/conditions/0/status",
            "10:13 warning status-schema /status/conditions/1/status",
            "10:13 info unknown-is-info /status/conditions/1/status"),
        lines(engine(Config.DEFAULT, new UnknownIsInfo(), new StatusSchema())
            .check(YamlFixtures.document(OBJECT), Optional.empty()).findings()));
  }

  @Test
  void aSuppressedFindingNoLongerMakesAnotherStepBack() {
    Engine engine = engine(Config.DEFAULT, new UnknownIsInfo(), new StatusSchema());
    Document annotated = ignoredByAnnotation("unknown-is-info");
    assertEquals(
        List.of("10:13 warning status-schema /status/conditions/0/status",
            "12:13 warning status-schema /status/conditions/1/status"),
        lines(engine.check(annotated, Optional.empty()).findings()));

    Document commented = ignoredOnLine8("unknown-is-info");
    assertEquals(
        List.of("8:13 warning status-schema /status/conditions/0/status",
            "10:13 warning status-schema /status/conditions/1/status",
            "10:13 info unknown-is-info /status/conditions/1/status"),
        lines(engine.check(commented, Optional.empty()).findings()));
  }

  @Test
  void aSuppressionOfAFindingThatWouldHaveSteppedBackIsUsed() {
    // The comment suppresses the schema-like finding of line 8, which unknown-is-info's covers anyway:
    // it still matched a finding, so it is not reported unused (without unknown-is-info's, it decides).
    Engine engine = engine(Config.DEFAULT, new UnknownIsInfo(), new StatusSchema());
    Document commented = ignoredOnLine8("status-schema");
    assertEquals(
        List.of("8:13 warning unknown-is-info /status/conditions/0/status",
            "10:13 warning status-schema /status/conditions/1/status",
            "10:13 info unknown-is-info /status/conditions/1/status"),
        lines(engine.check(commented, Optional.empty()).findings()));

    Document annotated = ignoredByAnnotation("status-schema");
    assertEquals(
        List.of("10:13 warning unknown-is-info /status/conditions/0/status",
            "12:13 info unknown-is-info /status/conditions/1/status"),
        lines(engine.check(annotated, Optional.empty()).findings()));
  }

  /** OBJECT with the rule ignored by the condlint.dev/ignore annotation (its lines move down by 2). */
  private static Document ignoredByAnnotation(String ruleId) {
    return YamlFixtures.document(OBJECT.replace("  name: orders\n",
        "  name: orders\n  annotations:\n    condlint.dev/ignore: " + ruleId + "\n"));
  }

  /** OBJECT with the rule ignored on line 8 by a comment on line 7. */
  private static Document ignoredOnLine8(String ruleId) {
    Document parsed = YamlFixtures.document(OBJECT);
    return new Document(parsed.object(), parsed.source(),
        List.of(new LineSuppression(8, Set.of(ruleId), "", new Position(7, 5))));
  }

  @Test
  void theCrdPassRunsOnlyTheCrdRulesAndReportsNoUnusedSuppression() {
    Document crd = YamlFixtures.document(
        """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: databases.example.com
          annotations:
            condlint.dev/ignore: no-such-rule
        spec:
          group: example.com
          versions:
          - name: v1
          - name: v2
        """);
    Engine engine = engine(Config.DEFAULT, new EveryObject(), new EveryVersion());
    assertEquals(
        List.of("10:5 warning every-version /spec/versions/0", "11:5 warning every-version /spec/versions/1"),
        lines(engine.checkCrd(crd, Optional.empty()).findings()));
    assertEquals(
        List.of("1:1 info every-object ",
            "6:26 info suppression-unused /metadata/annotations/condlint.dev~1ignore",
            "10:5 warning every-version /spec/versions/0", "11:5 warning every-version /spec/versions/1"),
        lines(engine.check(crd, Optional.empty()).findings()));
  }

  @Test
  void rejectsConfigurationNamingUnknownRulesOrProfiles() {
    assertEquals(
        "unknown rule 'nope' (see `condlint rules`)",
        assertThrows(IllegalArgumentException.class,
            () -> engine(Config.DEFAULT.withRuleLevel("nope", Level.OFF), new ReasonMissing())).getMessage());
    assertEquals(
        "unknown profile 'fluxx' (known: k8s, kstatus, flux, knative, capi-v1beta2, capi-v1beta1, gateway-api, cert-manager)",
        assertThrows(IllegalArgumentException.class,
            () -> engine(Config.DEFAULT.withForcedProfile("fluxx"), new ReasonMissing())).getMessage());
  }

  /** A Gateway behind its generation, with a top-level and a listener condition list and an item that is no condition. */
  private static final String GATEWAY =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: Gateway
      metadata: {name: gw, generation: 2}
      status:
        observedGeneration: 1
        conditions:
        - {type: Accepted, status: "True"}
        - not-a-condition
        listeners:
        - name: http
          conditions:
          - {type: Programmed, status: "True"}
      """;

  @Test
  void findsNestedConditionListsSuchAsGatewayListeners() {
    Document gateway = YamlFixtures.document(GATEWAY);
    assertEquals(
        List.of("/status/conditions", "/status/listeners/0/conditions"),
        ConditionLists.find(gateway.object()).stream().map(ConditionList::pointer).toList());
  }

  @Test
  void theRulesOfOneObjectShareItsConditionsAndKstatusStatusComputedOnce() {
    Document gateway = YamlFixtures.document(GATEWAY);
    ViewsA a = new ViewsA();
    ViewsB b = new ViewsB();
    engine(Config.DEFAULT, a, b).check(gateway, Optional.empty()).findings();
    assertSame(a.conditions, b.conditions);
    assertSame(a.kstatus, b.kstatus);
    assertEquals(
        List.of("/status/conditions/0", "/status/listeners/0/conditions/0"),
        a.conditions.stream().map(Condition::pointer).toList());
    assertThrows(UnsupportedOperationException.class, () -> a.conditions.add(a.conditions.get(0)));
    assertEquals(
        Optional.of("InProgress: Gateway generation is 2, but latest observed generation is 1"),
        a.kstatus.map(r -> r.status().label() + ": " + r.message()));
  }

  @Test
  void choosesTheProfileFromTheApiGroupUnlessConfigured() {
    Engine engine = new Engine(Ruleset.builtIn(), Config.DEFAULT);
    assertEquals("flux", engine.profileFor(
        YamlFixtures.document("apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\n").object()).name());
    assertEquals("capi-v1beta1", engine.profileFor(
        YamlFixtures.document("apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\n").object()).name());
    assertEquals("capi-v1beta2", engine.profileFor(
        YamlFixtures.document("apiVersion: cluster.x-k8s.io/v1beta2\nkind: Cluster\n").object()).name());
    assertEquals("gateway-api", engine.profileFor(YamlFixtures.document(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: gateway.networking.k8s.io\n")
        .object()).name());
    assertEquals("kstatus", new Engine(Ruleset.builtIn(), Config.DEFAULT.withForcedProfile("kstatus"))
        .profileFor(YamlFixtures.document("apiVersion: serving.knative.dev/v1\nkind: Service\n").object()).name());
  }

  @Test
  void aCheckSaysWhichProfileItJudgedTheObjectBy() {
    Engine engine = new Engine(Ruleset.builtIn(), Config.DEFAULT);
    assertEquals("flux", engine.check(
        YamlFixtures.document("apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\n"), Optional.empty())
        .profile().name());
    assertEquals("gateway-api", engine.checkCrd(YamlFixtures.document(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: gateway.networking.k8s.io\n"),
        Optional.empty()).profile().name());
  }

  @Test
  void aCrdsOwnConditionsGetTheProfileOfItsOwnGroupNotOfTheGroupItDefines() {
    Engine engine = new Engine(Ruleset.builtIn(), Config.DEFAULT);
    JsonNode fluxCrd = YamlFixtures.document("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n"
        + "spec:\n  group: x.toolkit.fluxcd.io\n").object();
    JsonNode fluxWidget = YamlFixtures.document("apiVersion: x.toolkit.fluxcd.io/v1\nkind: Widget\n").object();

    assertEquals("flux", engine.profileFor(fluxCrd).name(), "the CRD rules judge a CRD by the group it defines");
    assertEquals(
        Optional.of(new Known<>(Polarity.ABNORMAL_TRUE, new ContractBasis(ContractBasis.Source.INFERRED,
            "the type name Reconciling", "kstatus (cli-utils pkg/kstatus): Reconciling is an abnormal-true condition"))),
        engine.contracts().declared(fluxCrd, "status.conditions").polarity("Reconciling"));
    assertEquals(
        Optional.of(new Known<>(Polarity.ABNORMAL_TRUE, new ContractBasis(ContractBasis.Source.CATALOGUE,
            "profile flux, chosen by the built-in group mapping"))),
        engine.contracts().declared(fluxWidget, "status.conditions").polarity("Reconciling"));
  }
}
