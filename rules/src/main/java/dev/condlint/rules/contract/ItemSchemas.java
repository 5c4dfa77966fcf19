package dev.condlint.rules.contract;

import dev.condlint.rules.schema.ConditionItemSchema;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads the condition type a schema's item schema declares, named for the catalogue family whose fields
 * it has where that family is the kind's to have: metav1.Condition (any project's), a project's own
 * struct that the catalogue declares for the kind (by its group, kind or CRD category), or the one
 * family that has exactly these fields. Where several projects' structs have them and none is the
 * kind's (Cluster API's and OpenShift's machine Condition, cert-manager's and apiextensions' CRD
 * condition, for a kind of another group), it is a condition type of the kind's own, named for no
 * family: a label never picks one project's Go type among equals. Each item schema once per set of
 * declared families (a run meets the same few many times). Safe to share across threads.
 */
final class ItemSchemas {
  private final Catalogue catalogue;
  private final Map<Key, ConditionSchema> read = new ConcurrentHashMap<>();

  private record Key(ConditionItemSchema items, Set<String> kindsFamilies) {}

  /** The family every project may use: metav1.Condition. */
  private static final String COMMON_FAMILY = "metav1";

  ItemSchemas(Catalogue catalogue) {
    this.catalogue = catalogue;
  }

  /**
   * The families the catalogue declares for the kind: those of its entries for the kind (by group,
   * kind, version or CRD category: Crossplane's composites) and for any kind of its group.
   */
  Set<String> familiesOf(KindQuery kind) {
    Set<String> out = new LinkedHashSet<>(catalogue.familiesOfGroup(kind.group()));
    for (ContractSpec e : catalogue.entriesFor(kind.group(), kind.version(), kind.kind(), kind.categories())) {
      e.lists().values().forEach(l -> l.family().ifPresent(f -> out.add(f.id())));
    }
    return Set.copyOf(out);
  }

  /** The condition type of {@code items}, a schema of a kind the catalogue declares {@code kindsFamilies} for. */
  Known<ConditionSchema> read(Known<ConditionItemSchema> items, Set<String> kindsFamilies) {
    return new Known<>(read.computeIfAbsent(new Key(items.value(), kindsFamilies), k -> read(k.items(), k.kindsFamilies())),
        items.basis());
  }

  private ConditionSchema read(ConditionItemSchema items, Set<String> groupsOwn) {
    Map<String, FieldRule> fields = new LinkedHashMap<>();
    for (String field : items.fields()) {
      FieldRule rule = items.required().contains(field) ? FieldRule.REQUIRED : FieldRule.OPTIONAL;
      fields.put(field, items.nonEmpty().contains(field) ? rule.nonEmptyValue() : rule);
    }
    List<ConditionSchema> alike = catalogue.families().values().stream()
        .map(ConditionFamily::schema)
        .filter(f -> f.fields().equals(fields) || sameFields(f, fields))
        .toList();
    Optional<ConditionSchema> family = alike.stream().filter(f -> f.family().filter(groupsOwn::contains).isPresent())
        .findFirst()
        .or(() -> alike.stream().filter(f -> f.family().filter(COMMON_FAMILY::equals).isPresent()).findFirst())
        .or(() -> alike.size() == 1 ? Optional.of(alike.get(0)) : Optional.empty());
    // The CRD's own formats: what the API server holds the times to, whatever the Go type behind it; and
    // a field is held to its family's pattern only where the CRD declares a pattern on it: a message
    // never says that a schema rejects a value the schema condlint read does not constrain.
    // A type of its own (no family) is held to the patterns its CRD declares.
    FieldFormats familyFormats = family.map(ConditionSchema::formats).orElse(FieldFormats.NONE);
    Set<String> patterned = new LinkedHashSet<>(family.isPresent() ? familyFormats.patterned() : fields.keySet());
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
