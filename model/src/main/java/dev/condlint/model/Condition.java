package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
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

  /** The pointer, or null until first asked where {@link #listPointer} and the index make it. */
  private String pointer;
  private final String listPointer;
  /** The list that holds this condition, when {@link ConditionList#conditions()} made it; else null. */
  private final ConditionList list;
  private final int index;
  private final JsonNode node;
  private Optional<String> type;
  private String status;
  private String reason;
  private String message;
  private Optional<Instant> transitionTime;
  /**
   * The standard fields' nodes ({@link #slot}), {@code null} where absent, read on first use: every rule
   * reads some of them from every condition, and each read was a lookup in the node's map.
   */
  private JsonNode[] standard;

  public Condition(String pointer, int index, JsonNode node) {
    this.pointer = pointer;
    this.listPointer = null;
    this.list = null;
    this.index = index;
    this.node = node;
  }

  /**
   * The element at {@code index} of {@code list}: its pointer is built only when asked (a finding's,
   * mostly), not for every condition of every object.
   */
  static Condition inList(ConditionList list, int index, JsonNode node) {
    return new Condition(list, index, node);
  }

  private Condition(ConditionList list, int index, JsonNode node) {
    this.pointer = null;
    this.listPointer = list.pointer();
    this.list = list;
    this.index = index;
    this.node = node;
  }

  /**
   * Whether this condition is one that {@code list}'s {@link ConditionList#conditions()} made (the same
   * instance of the list, not an equal one): what the rules share per list is found from the condition
   * by one comparison. False for a condition built on its own.
   */
  public boolean isIn(ConditionList list) {
    return this.list == list && list != null;
  }

  public String pointer() {
    if (pointer == null) {
      pointer = Pointers.append(listPointer, index);
    }
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
    return Pointers.append(pointer(), field);
  }

  public boolean has(String field) {
    return get(field) != null;
  }

  /** The field's node, or a missing node. */
  public JsonNode field(String field) {
    JsonNode v = get(field);
    return v != null ? v : MissingNode.getInstance();
  }

  /** The field when it is a JSON string. */
  public Optional<String> text(String field) {
    JsonNode v = get(field);
    return v != null && v.isTextual() ? Optional.of(v.asText()) : Optional.empty();
  }

  /** The field's node, or {@code null} where absent (as {@link JsonNode#get(String)}). */
  private JsonNode get(String field) {
    int slot = slot(field);
    if (slot < 0) {
      return node.get(field);
    }
    if (standard == null) {
      JsonNode[] read = new JsonNode[STANDARD.length];
      for (int i = 0; i < read.length; i++) {
        read[i] = node.get(STANDARD[i]);
      }
      standard = read;
    }
    return standard[slot];
  }

  private static final String[] STANDARD =
      {"type", "status", "reason", "message", "lastTransitionTime", "observedGeneration"};

  /** The index of a standard field in {@link #STANDARD}, or -1. */
  private static int slot(String field) {
    return switch (field) {
      case "type" -> 0;
      case "status" -> 1;
      case "reason" -> 2;
      case "message" -> 3;
      case "lastTransitionTime" -> 4;
      case "observedGeneration" -> 5;
      default -> -1;
    };
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
    JsonNode v = get("observedGeneration");
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
    return o instanceof Condition other && index == other.index && pointer().equals(other.pointer())
        && node.equals(other.node);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pointer(), index, node);
  }

  @Override
  public String toString() {
    return "Condition[pointer=" + pointer() + ", index=" + index + ", node=" + node + "]";
  }
}
