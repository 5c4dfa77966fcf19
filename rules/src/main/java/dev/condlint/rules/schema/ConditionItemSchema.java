package dev.condlint.rules.schema;

import java.util.List;
import java.util.Set;

/**
 * What a CRD's schema says about the items of one condition list: the properties it declares, in
 * order, and the ones it lists in {@code required}.
 */
public record ConditionItemSchema(List<String> fields, Set<String> required) {
  public ConditionItemSchema {
    fields = List.copyOf(fields);
    required = Set.copyOf(required);
  }
}
