package dev.condlint.webhook;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.condlint.admission.AdmissionRequest;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * The fields of an AdmissionReview that come before its objects, read from the first bytes of a body
 * the server did not keep whole: enough to answer the review (its apiVersion and uid) and to log it.
 * The API server writes {@code uid}, {@code kind}, {@code name}, {@code namespace} and
 * {@code operation} before {@code object}; a review that puts them after its objects has no head.
 */
final class ReviewHead {
  private static final JsonFactory JSON = new JsonFactory();

  private String apiVersion = "";
  private String reviewKind = "";
  private String uid = "";
  private String operation = "";
  private String group = "";
  private String kind = "";
  private String subResource = "";
  private String namespace = "";
  private String name = "";
  private boolean dryRun;

  private ReviewHead() {}

  /** The request as far as {@code head} tells it, without its objects; empty when it is not a review's head. */
  static Optional<AdmissionRequest> read(Buffer head) {
    ReviewHead read = new ReviewHead();
    try (JsonParser parser = JSON.createParser(head.getBytes())) {
      if (parser.nextToken() == JsonToken.START_OBJECT) {
        read.review(parser);
      }
    } catch (IOException truncated) {
      // The head ends inside the review: what was read so far is all there is.
    }
    return read.request();
  }

  /** Reads one field of an object: its name, and the token its value starts with. */
  private interface FieldReader {
    void read(String field, JsonToken value) throws IOException;
  }

  /** Hands each field of the object the parser is in to {@code reader}, which reads or skips its value. */
  private static void fields(JsonParser parser, FieldReader reader) throws IOException {
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String field = parser.currentName();
      reader.read(field, parser.nextToken());
    }
  }

  /** Reads the fields of an object value with {@code reader}; skips a value of any other type. */
  private static void object(JsonParser parser, JsonToken value, FieldReader reader) throws IOException {
    if (value == JsonToken.START_OBJECT) {
      fields(parser, reader);
    } else {
      parser.skipChildren();
    }
  }

  private void review(JsonParser parser) throws IOException {
    fields(parser, (field, value) -> {
      switch (field) {
        case "apiVersion" -> apiVersion = text(parser, value);
        case "kind" -> reviewKind = text(parser, value);
        case "request" -> object(parser, value, (f, v) -> request(parser, f, v));
        default -> parser.skipChildren();
      }
    });
  }

  private void request(JsonParser parser, String field, JsonToken value) throws IOException {
    switch (field) {
      case "uid" -> uid = text(parser, value);
      case "operation" -> operation = text(parser, value).toUpperCase(Locale.ROOT);
      case "subResource" -> subResource = text(parser, value);
      case "namespace" -> namespace = text(parser, value);
      case "name" -> name = text(parser, value);
      case "dryRun" -> dryRun = value == JsonToken.VALUE_TRUE;
      case "kind" -> object(parser, value, (f, v) -> groupVersionKind(parser, f, v));
      default -> parser.skipChildren();
    }
  }

  private void groupVersionKind(JsonParser parser, String field, JsonToken value) throws IOException {
    switch (field) {
      case "group" -> group = text(parser, value);
      case "kind" -> kind = text(parser, value);
      default -> parser.skipChildren();
    }
  }

  private static String text(JsonParser parser, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_STRING) {
      return parser.getText();
    }
    parser.skipChildren();
    return "";
  }

  private Optional<AdmissionRequest> request() {
    boolean answerable = (AdmissionRequest.V1.equals(apiVersion) || AdmissionRequest.V1BETA1.equals(apiVersion))
        && "AdmissionReview".equals(reviewKind) && !uid.isEmpty() && !operation.isEmpty();
    return answerable
        ? Optional.of(new AdmissionRequest(apiVersion, uid, operation, group, kind, subResource, namespace, name, dryRun,
            Optional.empty(), Optional.empty()))
        : Optional.empty();
  }
}
