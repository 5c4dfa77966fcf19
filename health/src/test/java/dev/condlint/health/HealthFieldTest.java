package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kinds without conditions whose API sums their health up in a field whose values in none of its lists
 * are Unknown ({@code stateFields} in health-facts.json, {@code unlisted} by default): condlint health, the exported Lua (luaj) and the exported CEL (the CEL library
 * for Java) on each state the kind's API defines. The objects are written from the kinds' Go and proto
 * types: solo-io/solo-kit api/v1/status.proto@0860a88b46ce (Gloo), humio/humio-operator
 * api/v1alpha1/humiocluster_types.go and humioparser_types.go@8e81f0e1b038, open-cluster-management-io/
 * governance-policy-propagator api/v1/policy_types.go@19b1b7ba0073, NetApp/trident
 * operator/crd/apis/netapp/v1/tridentorchestrator.go and persistent_store/crd/apis/netapp/v1/types.go@71dd7161840c,
 * argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/analysis_types.go@9f8d111d8f8e.
 */
class HealthFieldTest {
  static Stream<Arguments> objects() {
    String virtualService = """
        apiVersion: gateway.solo.io/v1
        kind: VirtualService
        metadata: {name: petstore, namespace: gloo-system, generation: 2}
        spec: {virtualHost: {domains: ["*"]}}
        """;
    String upstream = """
        apiVersion: gloo.solo.io/v1
        kind: Upstream
        metadata: {name: petstore, namespace: gloo-system, generation: 1}
        spec: {kube: {serviceName: petstore, serviceNamespace: default, servicePort: 8080}}
        """;
    String humioCluster = """
        apiVersion: core.humio.com/v1alpha1
        kind: HumioCluster
        metadata: {name: humio, namespace: logging, generation: 1}
        spec: {nodeCount: 3}
        """;
    String policy = """
        apiVersion: policy.open-cluster-management.io/v1
        kind: Policy
        metadata: {name: namespaces, namespace: policies, generation: 2}
        spec: {disabled: false, policy-templates: []}
        """;
    String orchestrator = """
        apiVersion: trident.netapp.io/v1
        kind: TridentOrchestrator
        metadata: {name: trident, generation: 1}
        spec: {namespace: trident}
        """;
    String backendConfig = """
        apiVersion: trident.netapp.io/v1
        kind: TridentBackendConfig
        metadata: {name: nas, namespace: trident, generation: 1}
        spec: {version: 1, storageDriverName: ontap-nas}
        """;
    String analysisRun = """
        apiVersion: argoproj.io/v1alpha1
        kind: AnalysisRun
        metadata: {name: web-7d9c-2, namespace: default, generation: 1}
        spec: {metrics: [{name: success-rate}]}
        """;
    return Stream.of(
        // Gloo: one Status per controller's namespace (NamespacedStatuses), the enum by its name.
        Arguments.of(virtualService + """
            status:
              statuses:
                gloo-system: {reportedBy: gateway, state: Accepted}
            """, "Healthy", "status.statuses.gloo-system.state is Accepted", "phase", "Current"),
        Arguments.of(virtualService + """
            status:
              statuses:
                gloo-system: {reportedBy: gateway, state: Accepted}
                gloo-canary: {reportedBy: gateway, state: Rejected, reason: "domain conflict: *"}
            """, "Degraded", "domain conflict: *", "phase", "Failed"),
        Arguments.of(virtualService + """
            status:
              statuses:
                gloo-system: {reportedBy: gateway, state: Pending}
            """, "Progressing", "status.statuses.gloo-system.state is Pending", "phase", "InProgress"),
        Arguments.of(virtualService + "status: {}\n",
            "Progressing", "Waiting for status.statuses.*.state", "phase", "InProgress"),
        // Older releases: one Status in status, the enum by its number (0 Pending, 3 Warning).
        Arguments.of(upstream + """
            status: {reportedBy: gloo, state: 0}
            """, "Progressing", "status.state is 0", "phase", "InProgress"),
        Arguments.of(upstream + """
            status: {reportedBy: gloo, state: 3, reason: "warning: upstream has no endpoints"}
            """, "Degraded", "warning: upstream has no endpoints", "phase", "Failed"),
        Arguments.of(upstream + """
            status: {reportedBy: gloo, state: 1}
            """, "Healthy", "status.state is 1", "phase", "Current"),
        // Humio: HumioCluster's state and message.
        Arguments.of(humioCluster + """
            status: {state: Running, version: "1.159.1", nodeCount: 3}
            """, "Healthy", "status.state is Running", "phase", "Current"),
        Arguments.of(humioCluster + """
            status: {state: Upgrading, nodeCount: 3}
            """, "Progressing", "status.state is Upgrading", "phase", "InProgress"),
        Arguments.of(humioCluster + """
            status: {state: ConfigError, message: 'Secret "humio-license" not found'}
            """, "Degraded", "Secret \"humio-license\" not found", "phase", "Failed"),
        // A state the kind's API gives no health (the parser is not found in Humio): Unknown, and Flux waits.
        Arguments.of("""
            apiVersion: core.humio.com/v1alpha1
            kind: HumioParser
            metadata: {name: accesslog, namespace: logging, generation: 1}
            spec: {managedClusterName: humio, repositoryName: web}
            status: {state: NotFound}
            """, "Unknown", "status.state is NotFound", "phase", "InProgress"),
        // Open Cluster Management: a root policy's per-cluster compliance, a replicated policy's own.
        Arguments.of(policy + """
            status:
              placement: [{placement: all-clusters, placementBinding: all-clusters}]
              status:
              - {clustername: local-cluster, clusternamespace: local-cluster, compliant: Compliant}
              - {clustername: edge, clusternamespace: edge, compliant: NonCompliant}
            """, "Degraded", "status.status[1].compliant is NonCompliant", "phase", "Failed"),
        Arguments.of(policy + """
            status:
              compliant: Compliant
              status:
              - {clustername: edge, clusternamespace: edge, compliant: Pending}
            """, "Healthy", "status.compliant is Compliant", "phase", "Current"),
        Arguments.of(policy + """
            status:
              status:
              - {clustername: edge, clusternamespace: edge, compliant: Pending}
            """, "Progressing", "status.status[0].compliant is Pending", "phase", "InProgress"),
        // A ConfigurationPolicy's compliance (config-policy-controller api/v1/configurationpolicy_types.go@ecf24b4086f3).
        Arguments.of("""
            apiVersion: policy.open-cluster-management.io/v1
            kind: ConfigurationPolicy
            metadata: {name: namespaces, namespace: local-cluster, generation: 2}
            spec: {remediationAction: inform, object-templates: []}
            status: {compliant: NonCompliant, lastEvaluatedGeneration: 2}
            """, "Degraded", "status.compliant is NonCompliant", "phase", "Failed"),
        // Trident: the orchestrator's AppStatus with its message; a backend config's last operation.
        Arguments.of(orchestrator + """
            status: {status: Installed, message: Trident installed, version: "24.02.0", namespace: trident}
            """, "Healthy", "Trident installed", "phase", "Current"),
        Arguments.of(orchestrator + """
            status: {status: Installing, message: Installing Trident, version: "", namespace: trident}
            """, "Progressing", "Installing Trident", "phase", "InProgress"),
        Arguments.of(orchestrator + """
            status: {status: Error, message: "Trident is bound to another CR 'trident'", version: "", namespace: trident}
            """, "Degraded", "Trident is bound to another CR 'trident'", "phase", "Failed"),
        Arguments.of(backendConfig + """
            status: {lastOperationStatus: Failed, message: "Failed to create backend: backend nas already exists", phase: ""}
            """, "Degraded", "Failed to create backend: backend nas already exists", "phase", "Failed"),
        Arguments.of(backendConfig + """
            status: {lastOperationStatus: Processing, message: "Creating 'nas' backend", phase: ""}
            """, "Unknown", "Creating 'nas' backend", "phase", "InProgress"),
        // Argo Rollouts: an AnalysisRun's phase (Inconclusive is neither success nor failure).
        Arguments.of(analysisRun + """
            status: {phase: Successful, startedAt: "2026-08-01T00:00:00Z"}
            """, "Healthy", "status.phase is Successful", "phase", "Current"),
        Arguments.of(analysisRun + """
            status: {phase: Running, startedAt: "2026-08-01T00:00:00Z"}
            """, "Progressing", "status.phase is Running", "phase", "InProgress"),
        Arguments.of(analysisRun + """
            status: {phase: Failed, message: 'metric "success-rate" assessed Failed due to failed (1) > failureLimit (0)'}
            """, "Degraded", "metric \"success-rate\" assessed Failed due to failed (1) > failureLimit (0)", "phase", "Failed"),
        Arguments.of(analysisRun + """
            status: {phase: Inconclusive, message: 'metric "success-rate" assessed Inconclusive'}
            """, "Unknown", "metric \"success-rate\" assessed Inconclusive", "phase", "InProgress"),
        // An Experiment's InvalidSpec True is a failure before its phase is read.
        Arguments.of("""
            apiVersion: argoproj.io/v1alpha1
            kind: Experiment
            metadata: {name: canary-exp, namespace: default, generation: 1}
            spec: {templates: []}
            status:
              phase: Running
              conditions:
              - {type: InvalidSpec, status: "True", reason: InvalidSpec, message: "spec.templates: Required value"}
            """, "Degraded", "spec.templates: Required value", "abnormal-true", "Failed"));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    HealthCases.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
