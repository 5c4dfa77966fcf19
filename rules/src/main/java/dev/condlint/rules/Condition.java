package dev.condlint.rules;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.OptionalLong;

/** One element of a condition list, with its pointer; a read-only view over the JSON node. */
public record Condition(String pointer, int index, JsonNode node) {

  public static final String TRUE = "True";
  public static final String FALSE = "False";
  public static final String UNKNOWN = "Unknown";

  /** The pointer of one of this condition's fields (present or not). */
  public String pointer(String field) {
    return Pointers.append(pointer, field);
  }

  public boolean has(String field) {
    return node.has(field);
  }

  /** The field's node, or a missing node. */
  public JsonNode field(String field) {
    return node.path(field);
  }

  /** The field when it is a JSON string. */
  public Optional<String> text(String field) {
    JsonNode v = node.get(field);
    return v != null && v.isTextual() ? Optional.of(v.asText()) : Optional.empty();
  }

  /** The type when it is a non-empty string, else empty. */
  public Optional<String> type() {
    return text("type").filter(t -> !t.isEmpty());
  }

  /** The status string, or {@code ""} when absent or not a string. */
  public String status() {
    return text("status").orElse("");
  }

  public boolean isTrue() {
    return TRUE.equals(status());
  }

  public boolean isFalse() {
    return FALSE.equals(status());
  }

  public boolean isUnknown() {
    return UNKNOWN.equals(status());
  }

  public String reason() {
    return text("reason").orElse("");
  }

  public String message() {
    return text("message").orElse("");
  }

  /** The condition's observedGeneration when it is an integer. */
  public OptionalLong observedGeneration() {
    JsonNode v = node.get("observedGeneration");
    return v != null && v.isIntegralNumber() && v.canConvertToLong()
        ? OptionalLong.of(v.asLong())
        : OptionalLong.empty();
  }

  /** The name part of the type, after an optional {@code prefix/}. */
  public Optional<String> typeName() {
    return type().map(t -> t.substring(t.lastIndexOf('/') + 1));
  }
}
