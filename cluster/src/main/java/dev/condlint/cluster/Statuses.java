package dev.condlint.cluster;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/** The API server's {@code Status} answers to a failed request. */
final class Statuses {
  private Statuses() {}

  /** The error an answer with this code and body stands for; the body is read only if it is a {@code Status}. */
  static ApiException error(int code, JsonParser body) {
    JsonNode status;
    try {
      status = ApiServer.JSON.readTree(body);
    } catch (IOException e) {
      status = null;
    }
    String reason = "";
    String message = "";
    if (status != null && "Status".equals(status.path("kind").asText())) {
      reason = status.path("reason").asText("");
      message = status.path("message").asText("");
    }
    return new ApiException(code, reason, message.isEmpty() ? defaultMessage(code) : message);
  }

  private static String defaultMessage(int code) {
    return switch (code) {
      case 401 -> "not authenticated (are the kubeconfig's credentials current?)";
      case 403 -> "forbidden";
      case 404 -> "not found";
      case 410 -> "gone";
      case 429 -> "too many requests";
      default -> "the API server answered with status " + code;
    };
  }
}
