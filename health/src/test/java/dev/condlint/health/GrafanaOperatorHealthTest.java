package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Grafana operator's GrafanaDashboard and GrafanaFolder (catalogue grafana-operator.json): the
 * kind's ...Synchronized condition is the normal-true summary, NoMatchingInstance, NoMatchingFolder,
 * InvalidSpec (and a folder's FolderUIDMismatch) are abnormal when True, and each condition records the
 * generation. condlint, the exported Lua and CEL judge alike.
 */
class GrafanaOperatorHealthTest {
  static Stream<Arguments> objects() {
    return Stream.of(
        Arguments.of("""
            apiVersion: grafana.integreatly.org/v1beta1
            kind: GrafanaDashboard
            metadata: {name: nodes, namespace: monitoring, generation: 2}
            spec: {instanceSelector: {matchLabels: {dashboards: grafana}}}
            status:
              conditions:
              - {type: DashboardSynchronized, status: "True", reason: ApplySuccessful, message: Dashboard was successfully applied to 1 instances, observedGeneration: 2, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Healthy", "Dashboard was successfully applied to 1 instances", "summary", "Current"),
        Arguments.of("""
            apiVersion: grafana.integreatly.org/v1beta1
            kind: GrafanaDashboard
            metadata: {name: nodes, namespace: monitoring, generation: 2}
            spec: {instanceSelector: {matchLabels: {dashboards: grafana}}}
            status:
              conditions:
              - {type: DashboardSynchronized, status: "False", reason: ApplyFailed, message: "Dashboard failed to be applied for 1 out of 1 instances.", observedGeneration: 2, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Degraded", "Dashboard failed to be applied for 1 out of 1 instances.", "terminal-reason", "Failed"),
        Arguments.of("""
            apiVersion: grafana.integreatly.org/v1beta1
            kind: GrafanaFolder
            metadata: {name: team, namespace: monitoring, generation: 3}
            spec: {instanceSelector: {matchLabels: {dashboards: grafana}}}
            status:
              conditions:
              - {type: FolderSynchronized, status: "True", reason: ApplySuccessful, message: Folder was successfully applied to 1 instances, observedGeneration: 2, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "Generation 3 not yet observed: FolderSynchronized's observedGeneration is 2", "generation",
            "InProgress"),
        Arguments.of("""
            apiVersion: grafana.integreatly.org/v1beta1
            kind: GrafanaFolder
            metadata: {name: team, namespace: monitoring, generation: 1}
            spec: {instanceSelector: {matchLabels: {dashboards: grafana}}}
            status: {}
            """, "Progressing", "Waiting for FolderSynchronized", "summary", "InProgress"));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    HealthCases.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
