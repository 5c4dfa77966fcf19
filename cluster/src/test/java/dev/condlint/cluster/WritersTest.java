package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WritersTest {
  /**
   * A Kustomization as the API server keeps it: kubectl wrote the spec (and a label) last, the
   * controller wrote the status through the status subresource before that; a second controller
   * owns one condition (Healthy) of the list.
   */
  private static final JsonNode TWO_WRITERS = DiscoveryTest.json("""
      {"apiVersion":"kustomize.toolkit.fluxcd.io/v1","kind":"Kustomization",
       "metadata":{"name":"apps","namespace":"flux-system","generation":3,"labels":{"team":"a"},
         "managedFields":[
           {"manager":"kustomize-controller","operation":"Update","subresource":"status","apiVersion":"kustomize.toolkit.fluxcd.io/v1",
            "time":"2024-05-01T10:00:00Z","fieldsType":"FieldsV1",
            "fieldsV1":{"f:status":{".":{},"f:observedGeneration":{},
              "f:conditions":{".":{},"k:{\\"type\\":\\"Ready\\"}":{".":{},"f:type":{},"f:status":{},"f:reason":{},
                "f:lastTransitionTime":{}}}}}},
           {"manager":"kubectl-client-side-apply","operation":"Update","apiVersion":"kustomize.toolkit.fluxcd.io/v1",
            "time":"2024-05-02T09:00:00Z","fieldsType":"FieldsV1",
            "fieldsV1":{"f:metadata":{"f:labels":{".":{},"f:team":{}}},"f:spec":{".":{},"f:interval":{},"f:path":{}}}},
           {"manager":"health-checker","operation":"Apply","subresource":"status","apiVersion":"kustomize.toolkit.fluxcd.io/v1",
            "time":"2024-04-30T08:00:00Z","fieldsType":"FieldsV1",
            "fieldsV1":{"f:status":{"f:conditions":{"k:{\\"type\\":\\"Healthy\\"}":{".":{},"f:type":{},"f:status":{}}}}}}]},
       "spec":{"interval":"5m","path":"./apps","prune":true},
       "status":{"observedGeneration":3,"conditions":[
         {"type":"Ready","status":"True","reason":"reconciliation succeeded","lastTransitionTime":"2024-05-01T10:00:00Z"},
         {"type":"Healthy","status":"Unknown"}]}}""");

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // Owned by the status writer, field by field or through the condition it owns.
      "/status/conditions/0/reason|kustomize-controller",
      "/status/conditions/0|kustomize-controller",
      "/status/conditions/0/message|kustomize-controller",
      "/status/observedGeneration|kustomize-controller",
      // The other condition of the list has another owner.
      "/status/conditions/1/status|health-checker",
      "/status/conditions/1/lastTransitionTime|health-checker",
      // The spec is kubectl's, although kubectl wrote last.
      "/spec/interval|kubectl-client-side-apply",
      "/metadata/labels/team|kubectl-client-side-apply",
      // kubectl owns the spec map itself, so what no one owns in it.
      "/spec/prune|kubectl-client-side-apply",
      // Nobody owns these: the last writer of the status.
      "/metadata/generation|kustomize-controller",
      "''|kustomize-controller",
      "/status/conditions/2|kustomize-controller",
      // A node that several own in part: the most recent of them.
      "/status/conditions|kustomize-controller",
      "/status|kustomize-controller"})
  void theWriterOfAFieldIsItsOwnerElseItsNearestOwnedAncestorsElseTheLastStatusWriter(String pointer, String writer) {
    assertEquals(writer, Writers.of(TWO_WRITERS).writerOf(pointer));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "/status/conditions/0/reason|knative-serving",
      "/status/conditions|knative-serving",
      "/status/url|kubectl-edit",
      "/status/address/url|kubectl-edit",
      // Owned by no one: the last writer of status fields, although not through the subresource.
      "/spec/template|kubectl-edit"})
  void anAtomicListOrAMapOwnedWholeOwnsWhatIsInIt(String pointer, String writer) {
    JsonNode atomic = DiscoveryTest.json("""
        {"metadata":{"managedFields":[
           {"manager":"knative-serving","operation":"Update","time":"2024-05-01T10:00:00Z",
            "fieldsV1":{"f:status":{"f:conditions":{}}}},
           {"manager":"kubectl-edit","operation":"Update","time":"2024-05-01T11:00:00Z",
            "fieldsV1":{"f:status":{"f:url":{},"f:address":{}}}}]},
         "status":{"conditions":[{"type":"Ready","status":"True"}],"url":"http://x","address":{"url":"http://y"}}}""");
    assertEquals(writer, Writers.of(atomic).writerOf(pointer));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"/status/finalizers/0|a", "/status/finalizers/1|b", "/status/ports/0/port|c"})
  void setValuesAndIndexesAreItemsToo(String pointer, String writer) {
    JsonNode sets = DiscoveryTest.json("""
        {"metadata":{"managedFields":[
           {"manager":"a","time":"2024-05-01T10:00:00Z","fieldsV1":{"f:status":{"f:finalizers":{"v:\\"x\\"":{}}}}},
           {"manager":"b","time":"2024-05-01T09:00:00Z","fieldsV1":{"f:status":{"f:finalizers":{"v:\\"y\\"":{}}}}},
           {"manager":"c","time":"2024-05-01T08:00:00Z","fieldsV1":{"f:status":{"f:ports":{"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:port":{}}}}}}]},
         "status":{"finalizers":["x","y"],"ports":[{"port":80,"protocol":"TCP"}]}}""");

    assertEquals(writer, Writers.of(sets).writerOf(pointer));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"{}", "{\"metadata\":{\"managedFields\":[]}}",
      "{\"metadata\":{\"managedFields\":[{\"manager\":\"helm\",\"fieldsV1\":{\"f:spec\":{\"f:x\":{}}}}]}}"})
  void withoutAStatusWriterAnUnownedFieldHasAnUnknownWriter(String object) {
    assertEquals(Writers.UNKNOWN, Writers.of(DiscoveryTest.json(object)).writerOf("/status/conditions/0/type"));
  }
}
