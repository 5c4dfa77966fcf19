package dev.condlint.admission;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** AdmissionReview fixtures shaped like the API server's. */
public final class Reviews {
  public static final ObjectMapper JSON = new ObjectMapper();

  private Reviews() {}

  public static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }

  /** A widget whose Ready condition has the given status and whose second condition has the given type. */
  public static JsonNode widget(String readyStatus, String otherType, String time) {
    return json("""
        {"apiVersion": "example.com/v1", "kind": "Widget",
         "metadata": {"name": "w1", "namespace": "default", "generation": 3},
         "status": {"observedGeneration": 3, "conditions": [
           {"type": "Ready", "status": "%s", "reason": "Checked", "message": "m",
            "lastTransitionTime": "%s", "observedGeneration": 3},
           {"type": "%s", "status": "True", "reason": "Checked", "message": "m",
            "lastTransitionTime": "2024-05-01T08:00:00Z", "observedGeneration": 3}]}}
        """.formatted(readyStatus, time, otherType));
  }

  public static JsonNode crd(boolean withStatusSubresource) {
    return json("""
        {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
         "metadata": {"name": "widgets.example.com"},
         "spec": {"group": "example.com", "names": {"kind": "Widget", "plural": "widgets"}, "scope": "Namespaced",
           "versions": [{"name": "v1", "served": true, "storage": true, %s
             "schema": {"openAPIV3Schema": {"type": "object"}}}]},
         "status": {"conditions": [{"type": "established", "status": "False"}]}}
        """.formatted(withStatusSubresource ? "\"subresources\": {\"status\": {}}," : ""));
  }

  public static ObjectNode review(String operation, String group, String kind, String subResource,
      JsonNode object, JsonNode oldObject) {
    ObjectNode review = JSON.createObjectNode();
    review.put("apiVersion", AdmissionRequest.V1);
    review.put("kind", "AdmissionReview");
    ObjectNode request = review.putObject("request");
    request.put("uid", "705ab4f5-6393-11e8-b7cc-42010a800002");
    request.putObject("kind").put("group", group).put("version", "v1").put("kind", kind);
    if (!subResource.isEmpty()) {
      request.put("subResource", subResource);
    }
    request.put("name", object != null ? object.path("metadata").path("name").asText() : "w1");
    request.put("namespace", "default");
    request.put("operation", operation);
    request.putObject("userInfo").put("username", "system:serviceaccount:widgets:controller");
    if (object != null) {
      request.set("object", object);
    }
    if (oldObject != null) {
      request.set("oldObject", oldObject);
    }
    request.put("dryRun", false);
    return review;
  }

  public static ObjectNode widgetReview(String operation, String subResource, JsonNode object, JsonNode oldObject) {
    return review(operation, "example.com", "Widget", subResource, object, oldObject);
  }
}
