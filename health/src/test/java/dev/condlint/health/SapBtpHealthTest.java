package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SAP BTP service operator's ServiceInstance and ServiceBinding (catalogue sap-btp.json): Ready is
 * the normal-true summary, Succeeded reports the last operation, Failed a final failure; the generation
 * is recorded in status and in each condition. condlint, the exported Lua and CEL judge alike.
 */
class SapBtpHealthTest {
  static Stream<Arguments> objects() {
    return Stream.of(
        Arguments.of("""
            apiVersion: services.cloud.sap.com/v1
            kind: ServiceInstance
            metadata: {name: xsuaa, namespace: default, generation: 1}
            spec: {serviceOfferingName: xsuaa, servicePlanName: application}
            status:
              observedGeneration: 1
              ready: "True"
              conditions:
              - {type: Succeeded, status: "True", reason: Created, message: ServiceInstance provisioned successfully, observedGeneration: 1, lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: Ready, status: "True", reason: Provisioned, message: ServiceInstance provisioned successfully, observedGeneration: 1, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Healthy", "ServiceInstance provisioned successfully", "summary", "Current"),
        Arguments.of("""
            apiVersion: services.cloud.sap.com/v1
            kind: ServiceInstance
            metadata: {name: xsuaa, namespace: default, generation: 2}
            spec: {serviceOfferingName: xsuaa, servicePlanName: application}
            status:
              observedGeneration: 2
              ready: "True"
              conditions:
              - {type: Succeeded, status: "False", reason: UpdateInProgress, message: ServiceInstance is being updated, observedGeneration: 2, lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: Ready, status: "True", reason: Provisioned, message: ServiceInstance provisioned successfully, observedGeneration: 2, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "ServiceInstance is being updated", "contradicted", "InProgress"),
        Arguments.of("""
            apiVersion: services.cloud.sap.com/v1
            kind: ServiceBinding
            metadata: {name: xsuaa-binding, namespace: default, generation: 1}
            spec: {serviceInstanceName: xsuaa}
            status:
              observedGeneration: 1
              conditions:
              - {type: Succeeded, status: "False", reason: CreateFailed, message: "BrokerError:Forbidden, Status: 403", observedGeneration: 1, lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: Failed, status: "True", reason: CreateFailed, message: "BrokerError:Forbidden, Status: 403", observedGeneration: 1, lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: Ready, status: "False", reason: NotProvisioned, message: "", observedGeneration: 1, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Degraded", "Ready is False (NotProvisioned)", "terminal-reason", "Failed"),
        Arguments.of("""
            apiVersion: services.cloud.sap.com/v1
            kind: ServiceBinding
            metadata: {name: xsuaa-binding, namespace: default, generation: 1}
            spec: {serviceInstanceName: xsuaa}
            status: {}
            """, "Progressing", "Waiting for Ready", "summary", "InProgress"));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    HealthCases.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
