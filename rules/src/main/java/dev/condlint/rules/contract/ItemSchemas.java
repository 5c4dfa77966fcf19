package dev.condlint.rules.contract;

import dev.condlint.rules.schema.ConditionItemSchema;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads the condition type a schema's item schema declares, named for the catalogue family whose fields
 * it has; each item schema once (a run meets the same few many times). Safe to share across threads.
 */
final class ItemSchemas {
  private final Catalogue catalogue;
  private final Map<ConditionItemSchema, ConditionSchema> read = new ConcurrentHashMap<>();

  ItemSchemas(Catalogue catalogue) {
    this.catalogue = catalogue;
  }

  Known<ConditionSchema> read(Known<ConditionItemSchema> items) {
    return new Known<>(read.computeIfAbsent(items.value(), this::read), items.basis());
  }

  private ConditionSchema read(ConditionItemSchema items) {
    Map<String, FieldRule> fields = new LinkedHashMap<>();
    for (String field : items.fields()) {
      FieldRule rule = items.required().contains(field) ? FieldRule.REQUIRED : FieldRule.OPTIONAL;
      fields.put(field, items.nonEmpty().contains(field) ? rule.nonEmptyValue() : rule);
    }
    Optional<ConditionSchema> family = catalogue.families().values().stream()
        .map(ConditionFamily::schema)
        .filter(f -> f.fields().equals(fields) || sameFields(f, fields))
        .findFirst();
    // The CRD's own formats: what the API server holds the times to, whatever the Go type behind it; and
    // a field is held to its family's pattern only where the CRD declares a pattern on it: a message
    // never says that a schema rejects a value the schema condlint read does not constrain.
    FieldFormats familyFormats = family.map(ConditionSchema::formats).orElse(FieldFormats.NONE);
    Set<String> patterned = new LinkedHashSet<>(familyFormats.patterned());
    patterned.removeIf(f -> items.properties().get(f) == null || items.properties().get(f).pattern().isEmpty());
    return new ConditionSchema(family.flatMap(ConditionSchema::family), fields, new FieldFormats(
        patterned, items.dateTimes(), items.plainTimes(), familyFormats.otherStatuses()));
  }

  private static boolean sameFields(ConditionSchema family, Map<String, FieldRule> fields) {
    if (!family.fieldNames().equals(fields.keySet())) {
      return false;
    }
    for (Map.Entry<String, FieldRule> e : fields.entrySet()) {
      if (family.fields().get(e.getKey()).required() != e.getValue().required()) {
        return false;
      }
    }
    return true;
  }
}
