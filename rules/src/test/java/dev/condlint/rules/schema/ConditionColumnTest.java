package dev.condlint.rules.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.yaml.YamlDocuments;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The printer columns of a CRD that each show one condition's status. */
class ConditionColumnTest {

  private static JsonNode crd(String yaml) {
    return YamlDocuments.load("crd.yaml", yaml).documents().get(0).object();
  }

  @Test
  void readsTheColumnsThatShowOneConditionsStatus() {
    JsonNode crd = crd("""
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: pools.example.dev}
        spec:
          group: example.dev
          names: {kind: Pool, plural: pools}
          versions:
          - name: v1
            additionalPrinterColumns:
            - {name: READY, type: string, jsonPath: ".status.conditions[?(@.type==\\"Ready\\")].status"}
            - {name: Synced, type: string, jsonPath: ".status.conditions[?(@.type == 'Synced')].status"}
            - {name: Reason, type: string, jsonPath: ".status.conditions[?(@.type==\\"Ready\\")].reason"}
            - {name: Any, type: string, jsonPath: ".status.conditions[*].status"}
            - {name: ByReason, type: string, jsonPath: ".status.conditions[?(@.reason==\\"Ready\\")].status"}
            - {name: Phase, type: string, jsonPath: .status.phase}
        """);
    assertEquals(List.of(new ConditionColumn("READY", "Ready"), new ConditionColumn("Synced", "Synced")),
        ConditionColumn.of(crd, crd.at("/spec/versions/0")));
  }

  @Test
  void anApiextensionsV1beta1CrdsColumnsServeEveryVersion() {
    JsonNode crd = crd("""
        apiVersion: apiextensions.k8s.io/v1beta1
        kind: CustomResourceDefinition
        metadata: {name: pools.example.dev}
        spec:
          group: example.dev
          names: {kind: Pool, plural: pools}
          additionalPrinterColumns:
          - {name: Available, type: string, JSONPath: ".status.conditions[?(@.type==\\"Available\\")].status"}
          versions:
          - {name: v1beta1}
        """);
    assertEquals(List.of(new ConditionColumn("Available", "Available")), ConditionColumn.of(crd, crd.at("/spec/versions/0")));
  }
}
