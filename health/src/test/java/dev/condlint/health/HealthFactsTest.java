package dev.condlint.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.ObjectRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The loader of health-facts.json: one form of state field, its default, and no key read silently as nothing. */
class HealthFactsTest {
  private static HealthFacts parse(String json) throws Exception {
    return HealthFacts.parse(new ObjectMapper().readTree(json));
  }

  @Test
  void aStateFieldsUnlistedValuesAreUnknownUnlessItSaysNext() throws Exception {
    HealthFacts facts = parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Widget"], "stateFields": [
          {"path": "status.statuses.*.state", "healthy": ["Accepted"], "degraded": ["Rejected"], "message": "reason"},
          {"path": "status.phase", "healthy": ["Ready"], "unlisted": "next"}]}]}
        """);
    List<HealthFacts.StateField> fields = facts.of(new ObjectRef("example.com/v1", "Widget", "", "")).stateFields();
    assertEquals(List.of(
        new HealthFacts.StateField("status.statuses.*.state", List.of("Rejected"), List.of(), List.of("Accepted"), List.of(),
            false, "reason", HealthFacts.Unlisted.UNKNOWN),
        new HealthFacts.StateField("status.phase", List.of(), List.of(), List.of("Ready"), List.of(), false, "",
            HealthFacts.Unlisted.NEXT)), fields);
    assertEquals(List.of("statuses", "*", "state"), fields.get(0).segments());
  }

  @Test
  void aStateFieldsNeutralValuesAreReadAndDefaultToNone() throws Exception {
    HealthFacts facts = parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Widget"], "stateFields": [
          {"path": "status.topic", "progressing": ["TopicNotReady"], "neutral": ["TopicReady"]},
          {"path": "status.state", "healthy": ["Running"]}]}]}
        """);
    List<HealthFacts.StateField> fields = facts.of(new ObjectRef("example.com/v1", "Widget", "", "")).stateFields();
    assertEquals(List.of("TopicReady"), fields.get(0).neutral());
    assertEquals(List.of(), fields.get(1).neutral());
  }

  @Test
  void theFoldedKeyHealthFieldsIsAnError() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Widget"], "healthFields": [{"path": "status.state"}]}]}
        """));
    assertEquals("health-facts.json kinds[0]: unknown key healthFields (known keys: alternatives, comment, completeWhen,"
        + " converge, counts, degradedByLabel, failedWhenTrue, failedWhenUnknown, failureReportedBy, group, kinds,"
        + " noticeTypes, observedAnnotations, observedGenerations, source, stateFields, staticWhen,"
        + " summaryWhenAbsent, suspendedByAnnotation, suspendedWhen, suspendedWhileTrue, suspendedWhileTrueWithReason, symbol, underWayReasons, underWayWhileTrue)",
        e.getMessage());
  }

  @Test
  void suspendedWhileTrueWithReasonReadsTypesAndTheirReasonsAndRefusesATypeWithoutReasons() throws Exception {
    HealthFacts facts = parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Sub"],
          "suspendedWhileTrueWithReason": {"PlanPending": ["RequiresApproval", "OnHold"]}}]}
        """);
    assertEquals(java.util.Map.of("PlanPending", List.of("RequiresApproval", "OnHold")),
        facts.of(new ObjectRef("example.com/v1", "Sub", "", "")).suspendedWhileTrueWithReason());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Sub"], "suspendedWhileTrueWithReason": {"PlanPending": []}}]}
        """));
    assertEquals("suspendedWhileTrueWithReason names reasons for each type: {PlanPending=[]}", e.getMessage());
  }

  @Test
  void failedWhenTrueReadsItsReasonsAndMatchesNoOtherKind() throws Exception {
    HealthFacts facts = parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Run"], "failedWhenTrue": ["JobFailed"]}]}
        """);
    assertEquals(List.of("JobFailed"), facts.of(new ObjectRef("example.com/v1", "Run", "", "")).failedWhenTrue());
    assertEquals(List.of(), facts.of(new ObjectRef("example.com/v1", "Other", "", "")).failedWhenTrue());
  }

  @Test
  void aRatioFieldIsReadAndItsReadyOfTotalGivesItsVerdict() throws Exception {
    HealthFacts facts = parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Collector"], "stateFields": [
          {"path": "status.scale.statusReplicas", "ratio": true}]}]}
        """);
    assertEquals(List.of(new HealthFacts.StateField("status.scale.statusReplicas", List.of(), List.of(), List.of(),
        List.of(), false, "", HealthFacts.Unlisted.UNKNOWN, List.of(), true)),
        facts.of(new ObjectRef("example.com/v1", "Collector", "", "")).stateFields());
    assertEquals(List.of(HealthStatus.PROGRESSING, HealthStatus.PROGRESSING, HealthStatus.HEALTHY, HealthStatus.HEALTHY,
        HealthStatus.UNKNOWN, HealthStatus.UNKNOWN, HealthStatus.UNKNOWN, HealthStatus.UNKNOWN, HealthStatus.UNKNOWN),
        java.util.stream.Stream.of("1/3", "0/2", "2/2", "3/2", "0/0", "2", "a/b", " 1/2", "1234567890/1234567890")
            .map(StateFieldJudgement::ratio).toList());
  }

  @Test
  void suspendedWhenAndObservedGenerationsReadTheirFieldsAndRefuseOthers() throws Exception {
    HealthFacts facts = parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Vm"],
          "suspendedWhen": [{"path": "spec.runStrategy", "values": ["Halted"]}, {"path": "spec.running", "values": ["false"]}],
          "observedGenerations": [{"path": "status.schedulerObservedGeneration", "unsetIs": 0},
                                  {"path": "status.lastEvaluatedGeneration"}]}]}
        """);
    HealthFacts.Kind vm = facts.of(new ObjectRef("example.com/v1", "Vm", "", ""));
    assertEquals(List.of(new HealthFacts.FieldValues("spec.runStrategy", List.of("Halted")),
        new HealthFacts.FieldValues("spec.running", List.of("false"))), vm.suspendedWhen());
    assertEquals(List.of(new HealthFacts.ObservedGeneration("status.schedulerObservedGeneration", java.util.OptionalLong.of(0)),
        new HealthFacts.ObservedGeneration("status.lastEvaluatedGeneration", java.util.OptionalLong.empty())),
        vm.observedGenerations());
    assertEquals(List.of("spec", "runStrategy"), vm.suspendedWhen().get(0).segments());
    assertEquals(List.of("schedulerObservedGeneration"), vm.observedGenerations().get(0).segments());
    IllegalArgumentException metadata = assertThrows(IllegalArgumentException.class, () -> parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Vm"], "suspendedWhen": [{"path": "metadata.name", "values": ["x"]}]}]}
        """));
    assertEquals("a field's values name a field under spec or status and its values: metadata.name", metadata.getMessage());
    IllegalArgumentException spec = assertThrows(IllegalArgumentException.class, () -> parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Vm"], "observedGenerations": [{"path": "spec.generation"}]}]}
        """));
    assertEquals("an observed generation is a field under status: spec.generation", spec.getMessage());
    IllegalArgumentException key = assertThrows(IllegalArgumentException.class, () -> parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Vm"], "suspendedWhen": [{"path": "spec.running", "value": "false"}]}]}
        """));
    assertEquals("health-facts.json kinds[0].suspendedWhen[0]: unknown key value (known keys: comment, path, values)",
        key.getMessage());
  }

  @Test
  void anUnknownFieldKeyOrUnlistedValueIsAnError() {
    IllegalArgumentException key = assertThrows(IllegalArgumentException.class, () -> parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Widget"], "stateFields": [{"path": "status.state", "healty": ["Ok"]}]}]}
        """));
    assertEquals("health-facts.json kinds[0].stateFields[0]: unknown key healty (known keys: comment, degraded,"
        + " degradedWhenSet, healthy, message, neutral, path, progressing, ratio, suspended, unlisted)",
        key.getMessage());
    IllegalArgumentException value = assertThrows(IllegalArgumentException.class, () -> parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Widget"], "stateFields": [{"path": "status.state", "unlisted": "skip"}]}]}
        """));
    assertEquals("health-facts.json kinds[0].stateFields[0]: unlisted is \"next\" or \"unknown\", not \"skip\"", value.getMessage());
  }

  @Test
  void countsReadTheirDefaultsChecksAndVerdict() throws Exception {
    HealthFacts facts = parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Pool"], "counts": {"defaults": {"spec.replicas": 1}, "checks": [
          {"count": "status.ready", "atLeast": "spec.replicas", "minus": "spec.partition", "otherwise": "Degraded"},
          {"count": "status.updated", "atLeast": "spec.replicas"}]}}]}
        """);
    HealthFacts.Counts counts = facts.of(new ObjectRef("example.com/v1", "Pool", "", "")).counts();
    assertEquals(new HealthFacts.Counts(java.util.Map.of("spec.replicas", 1L), List.of(
        new HealthFacts.Count("status.ready", "spec.replicas", "spec.partition", HealthStatus.DEGRADED),
        new HealthFacts.Count("status.updated", "spec.replicas", "", HealthStatus.PROGRESSING))), counts);
    assertEquals(List.of("status.ready", "status.updated"), counts.statusPaths());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Pool"], "counts": {"checks": [
          {"count": "status.ready", "atLeast": "spec.replicas", "otherwise": "Healthy"}]}}]}
        """));
    assertEquals("a count short of its target is Progressing or Degraded, not Healthy", e.getMessage());
    IllegalArgumentException noStatus = assertThrows(IllegalArgumentException.class, () -> parse("""
        {"kinds": [{"group": "example.com", "kinds": ["Pool"], "counts": {"checks": [
          {"count": "spec.ready", "atLeast": "spec.replicas"}]}}]}
        """));
    assertEquals("counts read at least one count under status: [Count[count=spec.ready, atLeast=spec.replicas, minus=,"
        + " otherwise=Progressing]]", noStatus.getMessage());
  }

  @Test
  void theBuiltInCatalogueLoads() {
    HealthFacts.StateField gloo = HealthFacts.builtIn().of(new ObjectRef("gateway.solo.io/v1", "VirtualService", "", ""))
        .stateFields().get(0);
    assertEquals(HealthFacts.Unlisted.UNKNOWN, gloo.unlisted());
    HealthFacts.StateField flink = HealthFacts.builtIn().of(new ObjectRef("flink.apache.org/v1beta1", "FlinkDeployment", "", ""))
        .stateFields().get(0);
    assertEquals(HealthFacts.Unlisted.NEXT, flink.unlisted());
  }
}
