package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.schema.ConditionItemSchema;
import dev.condlint.rules.schema.ConditionListSchema;
import dev.condlint.rules.schema.FieldSchema;
import dev.condlint.rules.schema.KindSchema;
import dev.condlint.rules.schema.KindSchemaSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the other kinds of an API group say of a kind that nothing declares: the condition family
 * that every other kind of the group a schema source holds uses at a list path. A group is one
 * project's API, and a project gives its kinds one condition type; docs/contracts.md's evidence ladder
 * gives the measurement on the bundled CRD index that makes this evidence (SiblingRuleMeasurementTest).
 *
 * <p>The rule, fixed before it was measured: every other kind of the group, at the object's API version
 * where that kind has it, else at every version it has, has a list at the path whose item schema is
 * recognised as one family, the same for all; a kind with a list of another family there, or none, or
 * one recognised as no family, and there is no agreement. A family is recognised from an item schema
 * as the CRD rules recognise it, by its signature: the properties are the family's fields and include
 * those it always requires, the {@code required} list is exactly those, and every marker of the family's
 * signature that a distilled index keeps ({@link FieldSchema#KEYWORDS}) is there with the family's value.
 * Only a family whose catalogue entry states a signature (metav1.Condition's) can be recognised.
 */
final class SiblingFamily {

  /** The family, the other kinds that agree on it (as the source spells them) and the sources of their schemas. */
  record Agreement(ConditionFamily family, List<String> kinds, List<String> sources) {
    Agreement {
      kinds = List.copyOf(kinds);
      sources = List.copyOf(sources);
    }

    /**
     * The evidence in words, for a basis: {@code the group's other 3 kinds (config.openshift.io), whose CRD
     * schemas, openshift/api@2a3d739, all use metav1.Condition at status.conditions}.
     */
    String evidence(String group, String path) {
      String goType = family.title().indexOf(" (") < 0 ? family.title()
          : family.title().substring(0, family.title().indexOf(" ("));
      String type = family.id().equals("metav1") ? "metav1.Condition" : goType;
      return (kinds.size() == 1 ? "the group's other kind (" + group + "), whose CRD schema, "
          : "the group's other " + kinds.size() + " kinds (" + group + "), whose CRD schemas, ")
          + String.join(", ", sources) + ", " + (kinds.size() == 1 ? "uses " : "all use ") + type + " at " + path;
    }
  }

  private SiblingFamily() {}

  /**
   * The family the group's other kinds all use at {@code path}, by the rule above; empty where the
   * source lists no other kind of the group or they do not all agree.
   */
  static Optional<Agreement> of(KindSchemaSource source, Map<String, ConditionFamily> families, String group,
      String version, String kind, String path) {
    List<String> others = new ArrayList<>();
    source.kindNames(group).stream().filter(k -> !k.toLowerCase(Locale.ROOT).equals(kind.toLowerCase(Locale.ROOT)))
        .forEach(others::add);
    if (others.isEmpty()) {
      return Optional.empty();
    }
    ConditionFamily agreed = null;
    Set<String> sources = new LinkedHashSet<>();
    for (String other : others) {
      List<KindSchema> versions = source.versions(group, other);
      List<KindSchema> chosen = versions.stream().filter(v -> v.version().equals(version)).toList();
      for (KindSchema schema : chosen.isEmpty() ? versions : chosen) {
        ConditionListSchema list = schema.conditionLists().get(path);
        Optional<ConditionFamily> family = list == null ? Optional.empty() : recognise(list.items(), families);
        if (family.isEmpty() || (agreed != null && !agreed.id().equals(family.get().id()))) {
          return Optional.empty();
        }
        agreed = family.get();
        sources.add(schema.origin().name());
      }
    }
    return agreed == null ? Optional.empty() : Optional.of(new Agreement(agreed, others, List.copyOf(sources)));
  }

  /** The first family (in the catalogue's order) whose signature the item schema carries, by the rule above. */
  static Optional<ConditionFamily> recognise(ConditionItemSchema items, Map<String, ConditionFamily> families) {
    for (ConditionFamily family : families.values()) {
      if (family.signature().isEmpty()) {
        continue;
      }
      Set<String> properties = items.properties().keySet();
      Set<String> always = family.alwaysRequired();
      if (family.schema().fieldNames().containsAll(properties) && properties.containsAll(always)
          && items.required().equals(always) && signed(items, family)) {
        return Optional.of(family);
      }
    }
    return Optional.empty();
  }

  private static boolean signed(ConditionItemSchema items, ConditionFamily family) {
    for (String field : family.signature().fields()) {
      FieldSchema property = items.properties().get(field);
      for (Map.Entry<String, JsonNode> marker : family.signature().of(field).entrySet()) {
        if (!FieldSchema.KEYWORDS.contains(marker.getKey())) {
          continue; // a distilled index keeps no other keyword (observedGeneration's minimum)
        }
        if (property == null || !same(property, marker.getKey(), marker.getValue())) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean same(FieldSchema property, String keyword, JsonNode value) {
    return switch (keyword) {
      case "pattern" -> property.pattern().equals(Optional.of(value.asText()));
      case "format" -> property.format().equals(Optional.of(value.asText()));
      case "type" -> property.type().equals(value.asText());
      case "minLength" -> property.minLength().isPresent() && property.minLength().getAsInt() == value.asInt();
      case "maxLength" -> property.maxLength().isPresent() && property.maxLength().getAsInt() == value.asInt();
      case "enum" -> {
        Set<String> expected = new LinkedHashSet<>();
        value.forEach(v -> expected.add(v.asText()));
        yield new LinkedHashSet<>(property.enumValues()).equals(expected);
      }
      default -> false;
    };
  }
}
