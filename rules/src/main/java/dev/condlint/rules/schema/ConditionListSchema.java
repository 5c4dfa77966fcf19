package dev.condlint.rules.schema;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a schema says of one condition list: the schema of its items, and of the list itself its
 * {@code x-kubernetes-list-type} ({@code map}, {@code set}, {@code atomic}), its
 * {@code x-kubernetes-list-map-keys} (the fields that identify an item of a {@code map} list) and its
 * {@code maxItems}.
 */
public record ConditionListSchema(
    ConditionItemSchema items, Optional<String> listType, List<String> listMapKeys, OptionalInt maxItems) {
  public ConditionListSchema {
    listMapKeys = List.copyOf(listMapKeys);
  }
}
