package dev.condlint.rules.schema;

import java.util.List;
import java.util.Set;

/**
 * What a CRD's schema says about the items of one condition list: the properties it declares, in
 * order, the ones it lists in {@code required}, and the string properties with a {@code minLength} of
 * 1 or more.
 */
public record ConditionItemSchema(List<String> fields, Set<String> required, Set<String> nonEmpty) {
  public ConditionItemSchema {
    fields = List.copyOf(fields);
    required = Set.copyOf(required);
    nonEmpty = Set.copyOf(nonEmpty);
  }
}
