package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One element of a condition list, with its pointer; a read-only view over the JSON node.
 *
 * <p>Equal by pointer, index and node, as the record it was. Every rule of one evaluation shares the
 * instance (see {@link ConditionList#conditions()}), so the values several rules read (the type, the
 * status, the parsed lastTransitionTime) are read once, on first use.
 */
public final class Condition {

  public static final String TRUE = "True";
  public static final String FALSE = "False";
  public static final String UNKNOWN = "Unknown";

  private final String pointer;
  private final int index;
  private final JsonNode node;
  private Optional<String> type;
  private String status;
  private String reason;
  private String message;
  private Optional<Instant> transitionTime;

  public Condition(String pointer, int index, JsonNode node) {
    this.pointer = pointer;
    this.index = index;
    this.node = node;
  }

  public String pointer() {
    return pointer;
  }

  public int index() {
    return index;
  }

  public JsonNode node() {
    return node;
  }

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
    if (type == null) {
      type = text("type").filter(t -> !t.isEmpty());
    }
    return type;
  }

  /** The status string, or {@code ""} when absent or not a string. */
  public String status() {
    if (status == null) {
      status = text("status").orElse("");
    }
    return status;
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
    if (reason == null) {
      reason = text("reason").orElse("");
    }
    return reason;
  }

  public String message() {
    if (message == null) {
      message = text("message").orElse("");
    }
    return message;
  }

  /**
   * The lastTransitionTime as an instant when it is a string that {@code ISO_OFFSET_DATE_TIME}
   * reads; empty otherwise (A12 and A13 report those).
   */
  public Optional<Instant> lastTransitionTime() {
    if (transitionTime == null) {
      transitionTime = text("lastTransitionTime").flatMap(Rfc3339::parse);
    }
    return transitionTime;
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

  @Override
  public boolean equals(Object o) {
    return o instanceof Condition other && index == other.index && pointer.equals(other.pointer)
        && node.equals(other.node);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pointer, index, node);
  }

  @Override
  public String toString() {
    return "Condition[pointer=" + pointer + ", index=" + index + ", node=" + node + "]";
  }
}
