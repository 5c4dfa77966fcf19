package dev.condlint.admission;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.Finding;
import java.util.List;

/** Writes a decision as the AdmissionReview response the API server expects, in the review's apiVersion. */
public final class AdmissionResponses {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  /** A deny message lists this many errors. */
  public static final int LISTED_IN_MESSAGE = 10;
  /**
   * A denial carries at most this many causes, then one that counts the rest: a review with thousands
   * of bad conditions would otherwise get an answer many times its own size.
   */
  public static final int MAX_CAUSES = 50;

  private AdmissionResponses() {}

  public static ObjectNode of(Decision decision) {
    ObjectNode review = JSON.objectNode();
    review.put("apiVersion", decision.request().reviewApiVersion());
    review.put("kind", "AdmissionReview");
    ObjectNode response = review.putObject("response");
    response.put("uid", decision.request().uid());
    response.put("allowed", decision.allowed());
    List<String> warnings = decision.warnings();
    if (!warnings.isEmpty()) {
      ArrayNode array = response.putArray("warnings");
      warnings.forEach(array::add);
    }
    if (!decision.allowed()) {
      response.set("status", denial(decision));
    }
    return review;
  }

  private static ObjectNode denial(Decision decision) {
    AdmissionRequest request = decision.request();
    ObjectNode status = JSON.objectNode();
    status.putObject("metadata");
    status.put("status", "Failure");
    status.put("message", Warnings.printable(denialMessage(decision)));
    status.put("reason", "Invalid");
    ObjectNode details = status.putObject("details");
    details.put("name", request.name());
    details.put("group", request.group());
    details.put("kind", request.kind());
    ArrayNode causes = details.putArray("causes");
    List<Finding> findings = decision.findings();
    for (Finding f : findings.subList(0, Math.min(findings.size(), MAX_CAUSES))) {
      ObjectNode cause = causes.addObject();
      cause.put("reason", "FieldValueInvalid");
      cause.put("message", Warnings.cut(f.severity().label() + " " + f.ruleId() + ": " + f.message()));
      cause.put("field", Warnings.printable(FieldPaths.of(f.pointer())));
    }
    if (decision.findingCount() > MAX_CAUSES) {
      int left = decision.findingCount() - MAX_CAUSES;
      causes.addObject().put("message", left + " more condlint finding" + (left == 1 ? " was" : "s were")
          + " left out to keep the response small; run `condlint review` on the request to see all");
    }
    status.put("code", 422);
    return status;
  }

  private static String denialMessage(Decision decision) {
    AdmissionRequest request = decision.request();
    List<Finding> errors = decision.errors();
    int errorCount = decision.errorCount();
    StringBuilder message = new StringBuilder("condlint denied ")
        .append(request.kind().isEmpty() ? "the object" : request.kind())
        .append(request.name().isEmpty() ? "" : " " + request.name())
        .append(": ").append(errorCount).append(errorCount == 1 ? " error" : " errors").append(": ");
    for (int i = 0; i < Math.min(errors.size(), LISTED_IN_MESSAGE); i++) {
      Finding f = errors.get(i);
      String at = FieldPaths.of(f.pointer());
      message.append(i == 0 ? "" : "; ").append(f.ruleId()).append(at.isEmpty() ? "" : " at " + at);
    }
    if (errorCount > LISTED_IN_MESSAGE) {
      message.append("; and ").append(errorCount - LISTED_IN_MESSAGE).append(" more");
    }
    return message.toString();
  }
}
