package dev.condlint.rules.schema;

import java.util.List;
import java.util.Set;

/**
 * What a CRD's schema says about the items of one condition list: the properties it declares, in
 * order, the ones it lists in {@code required}, and the string properties with a {@code minLength} of
 * 1 or more; and its times (properties named {@code ...Time}): those with {@code format: date-time},
 * and those that are plain strings, which the API server takes in any form.
 */
public record ConditionItemSchema(
    List<String> fields, Set<String> required, Set<String> nonEmpty, Set<String> dateTimes, Set<String> plainTimes) {
  public ConditionItemSchema {
    fields = List.copyOf(fields);
    required = Set.copyOf(required);
    nonEmpty = Set.copyOf(nonEmpty);
    dateTimes = Set.copyOf(dateTimes);
    plainTimes = Set.copyOf(plainTimes);
  }
}
