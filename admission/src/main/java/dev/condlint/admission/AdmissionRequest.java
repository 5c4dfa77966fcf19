package dev.condlint.admission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The parts of an AdmissionReview's request that decide what to check, plus the review's own
 * {@code apiVersion} so the response can answer in kind.
 *
 * @param reviewApiVersion {@code admission.k8s.io/v1} or {@code admission.k8s.io/v1beta1}
 * @param uid the request's uid, echoed in the response ({@code ""} when the review has none)
 * @param group the API group of the object's kind ({@code request.kind.group})
 * @param kind the object's kind ({@code request.kind.kind})
 * @param subResource {@code ""} for the main resource, {@code "status"} for a status write
 * @param object the new object; empty for DELETE and CONNECT
 * @param oldObject the old object on UPDATE and DELETE, when the API server sent it
 */
public record AdmissionRequest(
    String reviewApiVersion,
    String uid,
    String operation,
    String group,
    String kind,
    String subResource,
    String namespace,
    String name,
    boolean dryRun,
    Optional<JsonNode> object,
    Optional<JsonNode> oldObject) {

  public static final String V1 = "admission.k8s.io/v1";
  public static final String V1BETA1 = "admission.k8s.io/v1beta1";
  private static final Set<String> NEEDS_OBJECT = Set.of("CREATE", "UPDATE");

  /** Reads a whole AdmissionReview, or says precisely why it is not one. */
  public static AdmissionRequest parse(JsonNode review) throws MalformedReviewException {
    if (review == null || !review.isObject()) {
      throw new MalformedReviewException("the body is not a JSON object; expected an AdmissionReview");
    }
    String apiVersion = review.path("apiVersion").asText("");
    JsonNode request = review.path("request");
    if (!request.isObject()) {
      throw new MalformedReviewException(
          review.has("operation") && review.has("uid")
              ? "the body is a bare AdmissionRequest; wrap it as {\"apiVersion\": \"" + V1
                  + "\", \"kind\": \"AdmissionReview\", \"request\": {...}}"
              : "the AdmissionReview has no 'request' object");
    }
    if (!V1.equals(apiVersion) && !V1BETA1.equals(apiVersion)) {
      throw new MalformedReviewException(
          "unsupported apiVersion '" + apiVersion + "'; expected " + V1 + " or " + V1BETA1);
    }
    if (!"AdmissionReview".equals(review.path("kind").asText(""))) {
      throw new MalformedReviewException(
          "unsupported kind '" + review.path("kind").asText("") + "'; expected AdmissionReview");
    }
    String operation = request.path("operation").asText("").toUpperCase(Locale.ROOT);
    if (operation.isEmpty()) {
      throw new MalformedReviewException("the AdmissionReview's request has no 'operation'");
    }
    Optional<JsonNode> object = objectAt(request, "object");
    if (NEEDS_OBJECT.contains(operation) && object.isEmpty()) {
      throw new MalformedReviewException("the " + operation + " request has no 'object' to check");
    }
    JsonNode gvk = request.path("kind");
    JsonNode fromObject = object.or(() -> objectAt(request, "oldObject")).orElse(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
    return new AdmissionRequest(
        apiVersion,
        request.path("uid").asText(""),
        operation,
        gvk.path("group").asText(groupOf(fromObject.path("apiVersion").asText(""))),
        gvk.path("kind").asText(fromObject.path("kind").asText("")),
        request.path("subResource").asText(""),
        request.path("namespace").asText(fromObject.path("metadata").path("namespace").asText("")),
        request.path("name").asText(fromObject.path("metadata").path("name").asText("")),
        request.path("dryRun").asBoolean(false),
        object,
        objectAt(request, "oldObject"));
  }

  private static Optional<JsonNode> objectAt(JsonNode request, String field) {
    JsonNode node = request.path(field);
    return node.isObject() ? Optional.of(node) : Optional.empty();
  }

  private static String groupOf(String apiVersion) {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  public boolean isCustomResourceDefinition() {
    return "apiextensions.k8s.io".equals(group) && "CustomResourceDefinition".equals(kind);
  }

  public boolean isStatusWrite() {
    return "status".equals(subResource);
  }
}
