package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kinds whose summary and polarities the catalogue declares from their own APIs, each in the states
 * its API defines: condlint health, the exported Lua (luaj) and the exported CEL (the CEL library for
 * Java) agree. Objects written from the kinds' Go types: 3scale/3scale-operator
 * apis/capabilities/v1beta1@de2fb00501f9 (threescale.json); argoproj/argo-events
 * pkg/apis/events/v1alpha1/eventbus_types.go and status_types.go@6478ece495f9 (argo.json).
 */
class DeclaredKindHealthTest {
  static Stream<Arguments> objects() {
    String product = """
        apiVersion: capabilities.3scale.net/v1beta1
        kind: Product
        metadata: {name: api, namespace: apis, generation: 2}
        spec: {name: API}
        """;
    String eventBus = """
        apiVersion: argoproj.io/v1alpha1
        kind: EventBus
        metadata: {name: default, namespace: argo-events, generation: 1}
        spec: {jetstream: {version: latest}}
        """;
    return Stream.of(
        // Product: Synced 'Steady state'; Invalid 'not a transient error'; Failed 'an error occurred during synchronization'.
        Arguments.of(product + """
            status:
              observedGeneration: 2
              productId: 42
              conditions:
              - {type: Failed, status: "False"}
              - {type: Invalid, status: "False"}
              - {type: Orphan, status: "False"}
              - {type: Synced, status: "True"}
            """, "Healthy", "Synced is True", "summary", "Current"),
        // Synced False says nothing of why (no reason, message or severity): Invalid True does.
        Arguments.of(product + """
            status:
              observedGeneration: 2
              conditions:
              - {type: Invalid, status: "True", message: Product configuration is invalid - missing required hits metric}
              - {type: Synced, status: "False"}
            """, "Degraded", "Product configuration is invalid - missing required hits metric", "abnormal-true", "Failed"),
        Arguments.of(product + """
            status: {observedGeneration: 2, conditions: []}
            """, "Progressing", "Waiting for Synced", "summary", "InProgress"),
        Arguments.of(product + """
            status:
              observedGeneration: 1
              conditions:
              - {type: Synced, status: "True"}
            """, "Progressing", "Generation 2 not yet observed: status.observedGeneration is 1", "generation", "InProgress"),
        // DeveloperAccount: Waiting 'for some async event to happen that is needed to be ready' (health-facts.json).
        Arguments.of("""
            apiVersion: capabilities.3scale.net/v1beta1
            kind: DeveloperAccount
            metadata: {name: partner, namespace: apis, generation: 1}
            spec: {orgName: Partner}
            status:
              observedGeneration: 1
              conditions:
              - {type: Ready, status: "False"}
              - {type: Waiting, status: "True", message: Developer account is waiting for admin approval}
            """, "Progressing", "Ready is False", "transient-reason", "InProgress"),
        // ProxyConfigPromote: In-progress has no doc comment, so it decides nothing; Ready is waited for.
        Arguments.of("""
            apiVersion: capabilities.3scale.net/v1beta1
            kind: ProxyConfigPromote
            metadata: {name: promote, namespace: apis, generation: 1}
            spec: {productCRName: api}
            status:
              conditions:
              - {type: In-progress, status: "True", message: Proxy configuration promotion is in progress}
            """, "Progressing", "Waiting for Ready", "summary", "InProgress"),
        Arguments.of("""
            apiVersion: capabilities.3scale.net/v1beta1
            kind: ProxyConfigPromote
            metadata: {name: promote, namespace: apis, generation: 1}
            spec: {productCRName: api}
            status:
              conditions:
              - {type: Failed, status: "True", message: "Product: api, not found"}
            """, "Degraded", "Product: api, not found", "abnormal-true", "Failed"),
        // Argo Events: IsReady is 'true when all the conditions are true'.
        Arguments.of(eventBus + """
            status:
              conditions:
              - {type: Configured, status: "True", lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: Deployed, status: "True", reason: Succeeded, message: JetStream is deployed, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Healthy", "JetStream is deployed", "summary", "Current"),
        Arguments.of(eventBus + """
            status:
              conditions:
              - {type: Configured, status: "True", lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: Deployed, status: "False", reason: JetStreamStatefulSetFailed, message: "failed to get jetstream version", lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Degraded", "failed to get jetstream version", "terminal-reason", "Failed"),
        Arguments.of(eventBus + """
            status:
              conditions:
              - {type: Configured, status: "True", lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "Waiting for Deployed", "summary", "InProgress"));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    EntryHealthTest.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
