package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Contour's HTTPProxy and ExtensionService (catalogue contour.json): Valid is the normal-true summary,
 * every other DetailedCondition type of Contour's is abnormal when True, and each condition records the
 * generation it was computed from. condlint, the exported Lua and the exported CEL judge alike.
 */
class ContourHealthTest {
  static Stream<Arguments> objects() {
    return Stream.of(
        Arguments.of("""
            apiVersion: projectcontour.io/v1
            kind: HTTPProxy
            metadata: {name: web, namespace: default, generation: 1}
            spec: {virtualhost: {fqdn: web.example.com}, routes: [{services: [{name: web, port: 80}]}]}
            status:
              currentStatus: valid
              description: Valid HTTPProxy
              conditions:
              - {type: Valid, status: "True", reason: Valid, message: Valid HTTPProxy, observedGeneration: 1, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Healthy", "Valid HTTPProxy", "summary", "Current"),
        Arguments.of("""
            apiVersion: projectcontour.io/v1
            kind: HTTPProxy
            metadata: {name: web, namespace: default, generation: 1}
            spec: {virtualhost: {fqdn: web.example.com}, routes: [{services: [{name: web, port: 80}]}]}
            status:
              currentStatus: invalid
              description: At least one error present, see Errors for details
              conditions:
              - type: Valid
                status: "False"
                reason: ErrorPresent
                message: At least one error present, see Errors for details
                observedGeneration: 1
                lastTransitionTime: "2026-08-01T00:00:00Z"
                errors:
                - {type: ServiceError, status: "True", reason: ServiceUnresolvedReference, message: 'Service [web:80] is invalid or missing'}
            """, "Degraded", "At least one error present, see Errors for details", "terminal-reason", "Failed"),
        Arguments.of("""
            apiVersion: projectcontour.io/v1
            kind: HTTPProxy
            metadata: {name: web, namespace: default, generation: 2}
            spec: {virtualhost: {fqdn: web.example.com}, routes: [{services: [{name: web, port: 80}]}]}
            status:
              currentStatus: valid
              conditions:
              - {type: Valid, status: "True", reason: Valid, message: Valid HTTPProxy, observedGeneration: 1, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "Generation 2 not yet observed: Valid's observedGeneration is 1", "generation", "InProgress"),
        Arguments.of("""
            apiVersion: projectcontour.io/v1
            kind: HTTPProxy
            metadata: {name: web, namespace: default, generation: 1}
            spec: {virtualhost: {fqdn: web.example.com}, routes: [{services: [{name: web, port: 80}]}]}
            status: {currentStatus: NotReconciled, description: Waiting for controller}
            """, "Progressing", "Waiting for Valid", "summary", "InProgress"),
        Arguments.of("""
            apiVersion: projectcontour.io/v1alpha1
            kind: ExtensionService
            metadata: {name: authz, namespace: default, generation: 1}
            spec: {services: [{name: authz, port: 9443}]}
            status:
              conditions:
              - {type: Valid, status: "True", reason: Valid, message: Valid ExtensionService, observedGeneration: 1, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Healthy", "Valid ExtensionService", "summary", "Current"));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    HealthCases.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
