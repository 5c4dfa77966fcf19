package dev.condlint.rules.kstatus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Rfc3339;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Field access with the semantics of apimachinery's {@code unstructured} helpers, which kstatus uses:
 * the lenient getters ({@code GetIntField}, {@code GetStringField}) fall back to a default on any
 * mismatch, the strict ones ({@code NestedInt64}, {@code NestedString}, the typed conversion of
 * {@code status.conditions}) fail on a present value of the wrong type.
 */
final class Unstructured {
  private final JsonNode object;

  Unstructured(JsonNode object) {
    this.object = object;
  }

  JsonNode object() {
    return object;
  }

  /** {@code kind}, or {@code ""}. */
  String kind() {
    JsonNode k = object.path("kind");
    return k.isTextual() ? k.asText() : "";
  }

  /**
   * The key kstatus looks legacy rules up by: {@code group/Kind}, or just {@code Kind} for the core
   * group. The version is ignored; an apiVersion with more than one slash has no group, as in
   * {@code schema.ParseGroupVersion}.
   */
  String groupKind() {
    JsonNode v = object.path("apiVersion");
    String apiVersion = v.isTextual() ? v.asText() : "";
    String[] parts = apiVersion.split("/", -1);
    String group = parts.length == 2 ? parts[0] : "";
    return group.isEmpty() ? kind() : group + "/" + kind();
  }

  /** The node at a path, or empty when some step is absent or null (NestedFieldNoCopy's "not found"). */
  Optional<JsonNode> find(String... path) {
    JsonNode at = object;
    for (String field : path) {
      if (at.isNull()) {
        return Optional.empty();
      }
      if (!at.isObject()) {
        return Optional.empty();
      }
      at = at.get(field);
      if (at == null) {
        return Optional.empty();
      }
    }
    return Optional.of(at);
  }

  /** {@code GetIntField}: the integer at the path, or the default for anything else. */
  long intField(long fallback, String... path) {
    return find(path).filter(Unstructured::isInt64).map(JsonNode::asLong).orElse(fallback);
  }

  /** {@code GetStringField}: the string at the path, or the default for anything else. */
  String stringField(String fallback, String... path) {
    return find(path).filter(JsonNode::isTextual).map(JsonNode::asText).orElse(fallback);
  }

  /** {@code GetBoolField}: the boolean at the path, or the default for anything else ({@code "true"} too). */
  boolean boolField(boolean fallback, String... path) {
    return find(path).filter(JsonNode::isBoolean).map(JsonNode::asBoolean).orElse(fallback);
  }

  /** {@code NestedInt64}: empty when absent; an error when present but not an integer. */
  OptionalLong strictInt(String... path) {
    requireMaps(path);
    Optional<JsonNode> n = find(path);
    if (n.isEmpty()) {
      return OptionalLong.empty();
    }
    if (!isInt64(n.get())) {
      throw typeError(path, n.get(), "int64");
    }
    return OptionalLong.of(n.get().asLong());
  }

  /** {@code NestedString}: empty when absent; an error when present but not a string. */
  Optional<String> strictString(String... path) {
    requireMaps(path);
    Optional<JsonNode> n = find(path);
    if (n.isEmpty()) {
      return Optional.empty();
    }
    if (!n.get().isTextual()) {
      throw typeError(path, n.get(), "string");
    }
    return Optional.of(n.get().asText());
  }

  /** {@code metadata.creationTimestamp}, or the zero time when absent or unparsable (as GetCreationTimestamp). */
  Instant creationTimestamp() {
    return find("metadata", "creationTimestamp").flatMap(Rfc3339::parse).orElse(GO_ZERO_TIME);
  }

  /** Go's zero {@code time.Time}, January 1 of year 1. */
  static final Instant GO_ZERO_TIME = Instant.parse("0001-01-01T00:00:00Z");

  /**
   * {@code status.conditions} converted to kstatus's {@code BasicCondition}: null entries and fields
   * become empty, a status or list or field of another type is an error.
   */
  List<BasicCondition> conditions() {
    JsonNode status = object.path("status");
    if (status.isMissingNode() || status.isNull()) {
      return List.of();
    }
    if (!status.isObject()) {
      throw new KstatusException("cannot read .status: expected an object, got " + describe(status));
    }
    JsonNode list = status.path("conditions");
    if (list.isMissingNode() || list.isNull()) {
      return List.of();
    }
    if (!list.isArray()) {
      throw new KstatusException("cannot read .status.conditions: expected a list, got " + describe(list));
    }
    List<BasicCondition> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode c = list.get(i);
      if (c.isNull()) {
        out.add(new BasicCondition("", "", "", ""));
        continue;
      }
      if (!c.isObject()) {
        throw new KstatusException(
            "cannot read .status.conditions[" + i + "]: expected an object, got " + describe(c));
      }
      out.add(
          new BasicCondition(
              conditionField(c, i, "type"),
              conditionField(c, i, "status"),
              conditionField(c, i, "reason"),
              conditionField(c, i, "message")));
    }
    return out;
  }

  private static String conditionField(JsonNode condition, int index, String field) {
    JsonNode v = condition.path(field);
    if (v.isMissingNode() || v.isNull()) {
      return "";
    }
    if (!v.isTextual()) {
      throw new KstatusException(
          "cannot read .status.conditions[" + index + "]." + field + ": expected a string, got " + describe(v));
    }
    return v.asText();
  }

  /** NestedFieldNoCopy fails when a step before the last is neither absent, null nor an object. */
  private void requireMaps(String... path) {
    JsonNode at = object;
    for (int i = 0; i < path.length; i++) {
      if (at.isNull()) {
        return;
      }
      if (!at.isObject()) {
        throw new KstatusException(
            "cannot read ." + String.join(".", java.util.Arrays.copyOf(path, i)) + ": expected an object, got "
                + describe(at));
      }
      at = at.get(path[i]);
      if (at == null) {
        return;
      }
    }
  }

  private static boolean isInt64(JsonNode n) {
    return n.isIntegralNumber() && n.canConvertToLong();
  }

  private static KstatusException typeError(String[] path, JsonNode value, String expected) {
    return new KstatusException(
        "cannot read ." + String.join(".", path) + ": expected " + expected + ", got " + describe(value));
  }

  static String describe(JsonNode n) {
    if (n.isNull()) {
      return "null";
    }
    if (n.isTextual()) {
      return "the string \"" + n.asText() + "\"";
    }
    if (n.isNumber() || n.isBoolean()) {
      return (n.isBoolean() ? "the boolean " : "the number ") + n.asText();
    }
    return n.isArray() ? "a list" : "an object";
  }

  /** The fields kstatus reads from each condition. */
  record BasicCondition(String type, String status, String reason, String message) {
    boolean is(String conditionType, String conditionStatus) {
      return type.equals(conditionType) && status.equals(conditionStatus);
    }
  }
}
