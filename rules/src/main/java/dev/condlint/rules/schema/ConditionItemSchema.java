package dev.condlint.rules.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a CRD's schema says about the items of one condition list: the properties it declares, in
 * order, each with what the schema says of its values ({@link FieldSchema}), and the ones it lists in
 * {@code required}.
 */
public record ConditionItemSchema(Map<String, FieldSchema> properties, Set<String> required) {
  public ConditionItemSchema {
    properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    required = Set.copyOf(required);
  }

  /** The properties, in declaration order. */
  public List<String> fields() {
    return List.copyOf(properties.keySet());
  }

  /** The string properties with a {@code minLength} of 1 or more. */
  public Set<String> nonEmpty() {
    return matching((name, field) -> field.nonEmpty());
  }

  /** The times (properties named {@code ...Time}) with {@code type: string, format: date-time}. */
  public Set<String> dateTimes() {
    return matching((name, field) -> isTime(name, field) && field.format().filter("date-time"::equals).isPresent());
  }

  /** The times that are plain strings, which the API server takes in any form. */
  public Set<String> plainTimes() {
    return matching((name, field) -> isTime(name, field) && field.format().filter("date-time"::equals).isEmpty());
  }

  private static boolean isTime(String name, FieldSchema field) {
    return name.endsWith("Time") && field.type().equals("string");
  }

  private Set<String> matching(java.util.function.BiPredicate<String, FieldSchema> test) {
    Set<String> out = new LinkedHashSet<>();
    properties.forEach((name, field) -> {
      if (test.test(name, field)) {
        out.add(name);
      }
    });
    return Collections.unmodifiableSet(out);
  }
}
