package dev.condlint.monitor.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.SettingsOverrides;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlReader;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** One object judged as the monitor judges it: findings, health, stuck causes, and when to look again. */
class AssessorTest {
  private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
  private static final Assessor ASSESSOR = new Assessor(new Engine(Ruleset.builtIn(), Config.DEFAULT), Duration.ofMinutes(15),
      PickupDeadline.of(new Engine(Ruleset.builtIn(), Config.DEFAULT)), new Interner(1000));

  private static JsonNode yaml(String text) {
    return new YamlReader().read("test.yaml", text).documents().get(0).root();
  }

  private static List<String> findings(Assessment a) {
    return a.findings().stream().map(f -> f.severity().label() + " " + f.rule() + " " + f.pointer() + " by " + f.writer())
        .toList();
  }

  /** A Flux Kustomization of generation 1, observed, with these conditions (a YAML list at column 0). */
  private static String kustomization(String conditions) {
    return """
        apiVersion: kustomize.toolkit.fluxcd.io/v1
        kind: Kustomization
        metadata: {name: apps, namespace: flux-system, generation: 1}
        spec: {interval: 10m, path: ./apps, prune: true, sourceRef: {kind: GitRepository, name: flux-system}}
        status:
          observedGeneration: 1
          conditions:
        """ + conditions.indent(2);
  }

  /** Reconciling for 2 minutes, Ready Unknown meanwhile, as Flux writes it. */
  private static final String RECONCILING = kustomization("""
      - {type: Ready, status: "Unknown", reason: Progressing, message: "Reconciliation in progress",
         lastTransitionTime: "2026-11-24T11:58:00Z", observedGeneration: 1}
      - {type: Reconciling, status: "True", reason: Progressing, message: "Reconciliation in progress",
         lastTransitionTime: "2026-11-24T11:58:00Z", observedGeneration: 1}
      """);

  private static final String RECONCILED = kustomization("""
      - {type: Ready, status: "True", reason: ReconciliationSucceeded, message: "Applied revision: main@sha1:4f2b",
         lastTransitionTime: "2026-11-24T11:58:00Z", observedGeneration: 1}
      """);

  @Test
  void anObjectWaitingForADeadlineIsLookedAtAgainTheSecondItPasses() {
    Assessment a = ASSESSOR.assess(yaml(RECONCILING), NOW);
    assertEquals(List.of(), findings(a));
    assertEquals("InProgress", a.health());
    // The progress deadline (10m) is passed once more than 10m have: at 12:08:01.
    assertEquals(Optional.of(Instant.parse("2026-11-24T12:08:01Z")), a.recheckAt());

    Assessment later = ASSESSOR.assess(yaml(RECONCILING), Instant.parse("2026-11-24T12:08:01Z"));
    assertEquals(List.of("warning progress-deadline-exceeded /status/conditions/1/lastTransitionTime by unknown"),
        findings(later));
    assertEquals(Optional.empty(), later.recheckAt());
  }

  @Test
  void aSummaryUnknownIsAStuckCauseFromItsTransitionWithTheContractsBasis() {
    Assessment a = ASSESSOR.assess(yaml(RECONCILING), NOW);
    assertEquals(List.of(new StuckCause(StuckReason.SUMMARY_UNKNOWN, Instant.parse("2026-11-24T11:58:00Z"),
        Duration.ofMinutes(15), Optional.of(new ConditionView("Ready", "Unknown", "Progressing",
            "Reconciliation in progress", "2026-11-24T11:58:00Z", "/status/conditions/0")),
        OptionalLong.empty(), OptionalLong.empty(), "catalogue: Flux (fluxcd/kustomize-controller api/v1/kustomization_types.go@186fb3b29138)")),
        a.stuckCauses());
    assertEquals(Instant.parse("2026-11-24T12:13:00Z"), a.stuckCauses().get(0).stuckAt());
  }

  @Test
  void aHealthyObjectNeedsNoSecondLook() {
    Assessment a = ASSESSOR.assess(yaml(RECONCILED), NOW);
    assertEquals(List.of(), findings(a));
    assertEquals("Current", a.health());
    assertEquals(Optional.empty(), a.recheckAt());
    assertEquals(List.of(), a.stuckCauses());
    assertEquals("", a.statusWriter());
  }

  /** generation 3 written by kubectl at 11:00; the controller wrote status at 11:30 without observing it. */
  private static final String UNOBSERVED = """
      apiVersion: example.com/v1
      kind: Widget
      metadata:
        name: a
        namespace: shop
        generation: 3
        managedFields:
        - {manager: kubectl, operation: Update, apiVersion: example.com/v1, time: "2026-11-24T11:00:00Z",
           fieldsType: FieldsV1, fieldsV1: {"f:spec": {"f:size": {}}}}
        - {manager: widget-controller, operation: Update, apiVersion: example.com/v1, time: "2026-11-24T11:30:00Z",
           fieldsType: FieldsV1, subresource: status, fieldsV1: {"f:status": {"f:observedGeneration": {}}}}
      spec: {size: 3}
      status:
        observedGeneration: 2
      """;

  @Test
  void aLaterGenerationWithNoWriteTimeCannotSaySinceWhenSoIsNotStuck() {
    String noWriteTimes = """
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: a, namespace: shop, generation: 3, creationTimestamp: "2026-11-01T00:00:00Z"}
        spec: {size: 3}
        status:
          observedGeneration: 2
        """;
    assertEquals(List.of(), ASSESSOR.assess(yaml(noWriteTimes), NOW).stuckCauses());
    // Generation 1 has not changed since its creation: that is since when.
    String firstGeneration = noWriteTimes.replace("generation: 3", "generation: 1").replace("observedGeneration: 2",
        "observedGeneration: 0");
    assertEquals(List.of(new StuckCause(StuckReason.GENERATION_NOT_OBSERVED, Instant.parse("2026-11-01T00:00:00Z"),
        Duration.ofMinutes(5), Optional.empty(), OptionalLong.of(1), OptionalLong.of(0),
        "the pickup deadline of pickup-deadline-exceeded")), ASSESSOR.assess(yaml(firstGeneration), NOW).stuckCauses());
  }

  @Test
  void aGenerationNotObservedIsAStuckCauseFromTheLastWriteOfTheSpec() {
    Assessment a = ASSESSOR.assess(yaml(UNOBSERVED), NOW);
    assertEquals(List.of(new StuckCause(StuckReason.GENERATION_NOT_OBSERVED, Instant.parse("2026-11-24T11:00:00Z"),
        Duration.ofMinutes(5), Optional.empty(), OptionalLong.of(3), OptionalLong.of(2),
        "the pickup deadline of pickup-deadline-exceeded")), a.stuckCauses());
    assertEquals("widget-controller", a.statusWriter());
  }

  @Test
  void aPickupDeadlineConfiguredAsNoneMakesNoGenerationStuck() {
    Config config = new Config(Optional.empty(), Optional.empty(), Map.of(), Map.of(),
        Map.of(PickupDeadline.RULE, new ObjectMapper().createObjectNode().put("deadline", "none")),
        SettingsOverrides.NONE, List.of(), List.of(), List.of(), Optional.empty(), false, true);
    Engine engine = new Engine(Ruleset.builtIn(), config);
    assertEquals(Optional.empty(), PickupDeadline.of(engine));
    assertEquals(Optional.of(Duration.ofMinutes(5)), PickupDeadline.of(new Engine(Ruleset.builtIn(), Config.DEFAULT)));
    Config tenMinutes = new Config(Optional.empty(), Optional.empty(), Map.of(), Map.of(),
        Map.of(PickupDeadline.RULE, new ObjectMapper().createObjectNode().put("deadline", "10m")),
        SettingsOverrides.NONE, List.of(), List.of(), List.of(), Optional.empty(), false, true);
    assertEquals(Optional.of(Duration.ofMinutes(10)), PickupDeadline.of(new Engine(Ruleset.builtIn(), tenMinutes)));
    Assessor assessor = new Assessor(engine, Duration.ofMinutes(15), PickupDeadline.of(engine), new Interner(10));
    assertEquals(List.of(), assessor.assess(yaml(UNOBSERVED), NOW).stuckCauses());
  }
}
