package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a schema says of one field of a condition: its JSON type, its {@code format}, the values its
 * {@code enum} allows, its {@code pattern} and its {@code minLength} and {@code maxLength}. Only the
 * keywords the rules read; a nested object's own properties are not kept.
 */
public record FieldSchema(
    String type, Optional<String> format, List<String> enumValues, Optional<String> pattern, OptionalInt minLength,
    OptionalInt maxLength) {

  /** The schema keywords a field schema keeps: what a distilled index stores of a field. */
  public static final List<String> KEYWORDS = List.of("type", "format", "enum", "pattern", "minLength", "maxLength");

  public FieldSchema {
    enumValues = List.copyOf(enumValues);
  }

  static FieldSchema of(JsonNode property) {
    List<String> values = new ArrayList<>();
    property.path("enum").forEach(v -> values.add(v.asText()));
    return new FieldSchema(
        property.path("type").asText(""),
        text(property, "format"),
        values,
        text(property, "pattern"),
        number(property, "minLength"),
        number(property, "maxLength"));
  }

  /** Whether the value may not be the empty string: a {@code minLength} of 1 or more. */
  public boolean nonEmpty() {
    return minLength.orElse(0) > 0;
  }

  private static Optional<String> text(JsonNode property, String keyword) {
    JsonNode value = property.get(keyword);
    return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
  }

  private static OptionalInt number(JsonNode property, String keyword) {
    JsonNode value = property.get(keyword);
    return value != null && value.canConvertToInt() ? OptionalInt.of(value.asInt()) : OptionalInt.empty();
  }
}
