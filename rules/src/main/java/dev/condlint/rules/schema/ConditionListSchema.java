package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a schema says of one condition list: the schema of its items, and of the list itself its
 * {@code x-kubernetes-list-type} ({@code map}, {@code set}, {@code atomic}), its
 * {@code x-kubernetes-list-map-keys} (the fields that identify an item of a {@code map} list), its
 * {@code maxItems}, and the conditions its {@code default} gives a new object (Gateway API's
 * placeholders: {@code Accepted}, {@code Unknown}, {@code Pending}, "Waiting for controller").
 */
public record ConditionListSchema(
    ConditionItemSchema items, Optional<String> listType, List<String> listMapKeys, OptionalInt maxItems,
    List<JsonNode> defaults) {
  public ConditionListSchema {
    listMapKeys = List.copyOf(listMapKeys);
    defaults = List.copyOf(defaults);
  }
}
