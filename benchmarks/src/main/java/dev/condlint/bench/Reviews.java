package dev.condlint.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * AdmissionReview bodies as the API server sends them for a status update (object and oldObject),
 * around the generated objects, by body size: {@code small} (3 KB), {@code 20k} (30 conditions),
 * {@code 1m} and {@code 3m} (just under the webhook's 3 MiB body limit).
 */
final class Reviews {
  static final ObjectMapper JSON = new ObjectMapper();
  /** The uid of every generated review. */
  static final String UID = "705ab4f5-6393-11e8-b7cc-42010a800002";
  static final List<String> SIZES = List.of("small", "20k", "1m", "3m");

  private Reviews() {}

  static byte[] body(String size) {
    CorpusGenerator generator = new CorpusGenerator(7);
    String yaml = switch (size) {
      case "small" -> generator.smallObject();
      // object and oldObject: each half of the body.
      case "20k" -> generator.paddedObject(30, 10_000);
      case "1m" -> generator.paddedObject(30, 500_000);
      case "3m" -> generator.paddedObject(30, 1_565_000);
      default -> throw new IllegalArgumentException("unknown review size " + size);
    };
    JsonNode object = YamlDocuments.load(size + ".yaml", yaml).documents().get(0).object();
    ObjectNode review = JSON.createObjectNode()
        .put("apiVersion", "admission.k8s.io/v1")
        .put("kind", "AdmissionReview");
    ObjectNode request = review.putObject("request")
        .put("uid", UID)
        .put("operation", "UPDATE")
        .put("subResource", "status")
        .put("namespace", object.path("metadata").path("namespace").asText())
        .put("name", object.path("metadata").path("name").asText());
    String[] apiVersion = object.path("apiVersion").asText().split("/");
    request.putObject("kind").put("group", apiVersion.length > 1 ? apiVersion[0] : "")
        .put("version", apiVersion[apiVersion.length - 1]).put("kind", object.path("kind").asText());
    request.set("object", object);
    request.set("oldObject", object.deepCopy());
    try {
      return JSON.writeValueAsBytes(review);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes review-small.json, review-20k.json, review-1m.json and review-3m.json into {@code dir}. */
  static void write(Path dir) {
    try {
      Files.createDirectories(dir);
      for (String size : SIZES) {
        Files.write(dir.resolve("review-" + size + ".json"), body(size));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
