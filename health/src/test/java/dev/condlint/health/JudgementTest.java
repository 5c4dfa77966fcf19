package dev.condlint.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.bench.ArgoCdLua;
import dev.condlint.health.bench.FluxCel;
import dev.condlint.health.export.ArgoCdLuaExport;
import dev.condlint.health.export.FluxCelExport;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The judgement on objects of five ecosystems, exactly (status, message, rule), and the exported Argo
 * CD Lua (run with luaj) and Flux CEL (run with the CEL library for Java) agreeing with it: the objects
 * and their verdicts are the case file {@code health-cases/judgement.yaml} ({@link HealthCaseFilesTest});
 * here, what a marker cannot say.
 */
class JudgementTest {
  private static final Instant NOW = Instant.parse("2026-09-01T00:00:00Z");
  private static final HealthAssessor ASSESSOR = new HealthAssessor(new Engine(Ruleset.builtIn(), Config.DEFAULT).contracts());

  /**
   * A Rollout's observedGeneration is a string (the generation in decimal since v1.0): condlint and the
   * Lua read its digits; Flux's own pre-check stops at it with an error before any expression runs.
   */
  @Test
  void readsAStringObservedGenerationOfDecimalDigits() throws Exception {
    JsonNode object = YamlDocuments.load("object.yaml", """
        apiVersion: argoproj.io/v1alpha1
        kind: Rollout
        metadata: {name: web, generation: 2}
        spec: {}
        status:
          observedGeneration: "1"
          conditions:
          - {type: Progressing, status: "True", reason: NewReplicaSetAvailable, message: done}
        """).documents().get(0).object();
    Assessment a = ASSESSOR.assess(object, NOW);
    assertEquals("Progressing | Generation 2 not yet observed: status.observedGeneration is 1 | generation",
        a.status().label() + " | " + a.message() + " | " + a.reason().rule().label());
    KindContract contract = ASSESSOR.contractOf(object);
    ArgoCdLua.Outcome lua = new ArgoCdLua("health.lua", ArgoCdLuaExport.script(contract), true).run(object);
    assertEquals("Progressing | Generation 2 not yet observed: status.observedGeneration is 1",
        lua.statusLabel() + " | " + lua.message());
    FluxCelExport.Expressions e = FluxCelExport.expressions(contract);
    FluxCel.Outcome flux = new FluxCel(e.inProgress(), e.failed(), e.current()).evaluate(object);
    assertEquals("error | .status.observedGeneration accessor error: not an int64", flux.label() + " | " + flux.error().orElse(""));
  }

  /** Built-in kinds: kstatus's result, and what the kinds' APIs say beyond what kstatus reads. */
  static Stream<Arguments> builtIn() {
    return Stream.of(
        Arguments.of("""
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata: {name: widgets.example.com, generation: 1}
            spec: {group: example.com}
            status:
              conditions:
              - {type: NamesAccepted, status: "True", reason: NoConflicts}
              - {type: NonStructuralSchema, status: "True", reason: Violations, message: "spec.versions[0].schema.openAPIV3Schema.type: Required value"}
              - {type: Established, status: "True", reason: InitialNamesAccepted}
            """, "Degraded", "spec.versions[0].schema.openAPIV3Schema.type: Required value", "abnormal-true"),
        Arguments.of("""
            apiVersion: policy/v1
            kind: PodDisruptionBudget
            metadata: {name: web, generation: 2}
            spec: {minAvailable: 3}
            status: {observedGeneration: 2, currentHealthy: 2, desiredHealthy: 3, disruptionsAllowed: 0, expectedPods: 3}
            """, "Degraded", "currentHealthy 2 is below desiredHealthy 3", "built-in"),
        Arguments.of("""
            apiVersion: policy/v1
            kind: PodDisruptionBudget
            metadata: {name: web}
            spec: {minAvailable: 1}
            """, "Progressing", "Waiting for the disruption controller to observe the budget", "built-in"),
        Arguments.of("""
            apiVersion: batch/v1
            kind: CronJob
            metadata: {name: backup}
            spec: {schedule: "0 * * * *"}
            status: {lastScheduleTime: "2026-08-31T23:00:00Z", lastSuccessfulTime: "2026-08-31T22:00:05Z"}
            """, "Degraded", "The Job scheduled at 2026-08-31T23:00:00Z did not succeed: the last success was at 2026-08-31T22:00:05Z",
            "built-in"),
        Arguments.of("""
            apiVersion: batch/v1
            kind: CronJob
            metadata: {name: backup}
            spec: {schedule: "0 * * * *"}
            status: {lastScheduleTime: "2026-08-31T23:00:00Z", lastSuccessfulTime: "2026-08-31T23:00:04Z"}
            """, "Healthy", "Resource is always ready", "built-in"),
        // An abnormal type named by an activity (Modifying...) reports one under way, not a failure.
        Arguments.of("""
            apiVersion: v1
            kind: PersistentVolumeClaim
            metadata: {name: data}
            spec: {resources: {requests: {storage: 1Gi}}}
            status:
              phase: Bound
              conditions:
              - {type: ModifyingVolume, status: "True"}
            """, "Progressing", "ModifyingVolume is True", "work-under-way"));
  }

  @ParameterizedTest
  @MethodSource("builtIn")
  void judgesBuiltInKindsBeyondKstatus(String yaml, String status, String message, String rule) {
    JsonNode object = YamlDocuments.load("object.yaml", yaml).documents().get(0).object();
    Assessment a = ASSESSOR.assess(object, NOW);
    assertEquals(status + " | " + message + " | " + rule,
        a.status().label() + " | " + a.message() + " | " + a.reason().rule().label());
  }
}
