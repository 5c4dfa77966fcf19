package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kinds without conditions whose API sums their health up in a field ({@code healthFields} in
 * health-facts.json): condlint health, the exported Lua (luaj) and the exported CEL (the CEL library
 * for Java) on each state the kind's API defines. The objects are written from the kinds' Go and proto
 * types: solo-io/solo-kit api/v1/status.proto@0860a88b46ce (Gloo), humio/humio-operator
 * api/v1alpha1/humiocluster_types.go and humioparser_types.go@8e81f0e1b038, open-cluster-management-io/
 * governance-policy-propagator api/v1/policy_types.go@19b1b7ba0073.
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
            """, "Progressing", "status.status[0].compliant is Pending", "phase", "InProgress"));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    EntryHealthTest.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
