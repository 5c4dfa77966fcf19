package dev.condlint.cli.contracts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.contract.ConditionFamily;
import dev.condlint.rules.contract.ConditionSchema;
import dev.condlint.rules.contract.ContractResolver;
import dev.condlint.rules.contract.ContractSpec;
import dev.condlint.rules.contract.ContractSpecReader;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.ListPath;
import dev.condlint.rules.contract.ProfileKnowledge;
import dev.condlint.rules.schema.ConditionListSchema;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.rules.schema.FieldSchema;
import dev.condlint.rules.schema.KindSchemas;
import dev.condlint.yaml.YamlWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The CRDs' condition contracts as a {@code .condlint.yaml} with only {@code contracts:}: for each
 * kind, the versions whose lists say the same, and for each list what the CRD says and the
 * configuration can state, read as {@code lint} reads a CRD (the engine's resolver, with the CRDs as
 * its only declared source besides the catalogue): the condition type, as the family it matches with
 * the fields that differ, or else the whole field set; and {@code observedGeneration: condition} where
 * the item schema has one and no catalogue entry says otherwise. A CRD says nothing of polarity or
 * summary, so neither does the file. What the item schema holds values to beyond the family or field
 * set (a non-empty value, a pattern, a time's format, other statuses) is written as {@code constraints},
 * and a pattern or time format the family has and the CRD lacks as {@code pattern: null} or
 * {@code format: null}; the conditions a list's default gives a new object as {@code placeholders}; the
 * CRD's categories, which select the catalogue's entries of {@code crdCategories}, as {@code categories}.
 * Anything the CRD says that an entry still could not state is listed in the header, never guessed at.
 */
final class ContractsFile {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The file's text, and what the CRDs say that it could not state, one line per list. */
  record Written(String text, List<String> unstated) {}

  private final Catalogue catalogue;
  private final ContractSpecReader reader;

  ContractsFile(Catalogue catalogue) {
    this.catalogue = catalogue;
    this.reader = new ContractSpecReader(catalogue.families());
  }

  Written write(ExportedCrds crds, List<String> header) {
    CrdCatalog.Builder builder = CrdCatalog.builder();
    List<List<CrdVersion>> compacted = new ArrayList<>();
    for (JsonNode crd : crds.crds()) {
      List<CrdVersion> versions = builder.compact(crd);
      builder.add(versions);
      compacted.add(versions);
    }
    ContractResolver resolver = new ContractResolver(
        List.of(), Map.of(), builder.build(), KindSchemas.NONE, catalogue, KindSchemas.NONE);
    List<String> unstated = new ArrayList<>();
    ArrayNode entries = NODES.arrayNode();
    int lists = 0;
    for (int i = 0; i < crds.crds().size(); i++) {
      JsonNode crd = crds.crds().get(i);
      Set<String> categories = new TreeSet<>();
      crd.path("spec").path("names").path("categories").forEach(c -> categories.add(c.asText()));
      // Versions that say the same share one entry, in the CRD's order of versions.
      Map<JsonNode, List<String>> byLists = new LinkedHashMap<>();
      for (CrdVersion v : compacted.get(i)) {
        if (v.conditionLists().isEmpty()) {
          continue;
        }
        ObjectRef ref = new ObjectRef(v.apiVersion(), v.kind(), "", "");
        ObjectNode said = NODES.objectNode();
        for (Map.Entry<String, ConditionListSchema> list : v.conditionLists().entrySet()) {
          said.set(list.getKey(), list(resolver.declared(ref, list.getKey(), ProfileKnowledge.NONE), list.getValue(),
              ref.group() + "/" + v.kind() + " " + ref.version() + " " + list.getKey(), unstated));
          lists++;
        }
        byLists.computeIfAbsent(said, s -> new ArrayList<>()).add(ref.version());
      }
      byLists.forEach((said, versions) -> entries.add(entry(ExportedCrds.group(crd), ExportedCrds.kind(crd),
          versions, categories, (ObjectNode) said)));
    }
    ObjectNode root = NODES.objectNode();
    root.set("contracts", entries);
    StringBuilder text = new StringBuilder();
    header.forEach(h -> text.append("# ").append(h).append('\n'));
    text.append("# ").append(crds.crds().size()).append(crds.crds().size() == 1 ? " CRD, " : " CRDs, ")
        .append(entries.size()).append(entries.size() == 1 ? " entry, " : " entries, ").append(lists)
        .append(lists == 1 ? " condition list" : " condition lists").append(".\n");
    if (!unstated.isEmpty()) {
      text.append("# What the CRDs say that a .condlint.yaml cannot state, so that these lists may be judged otherwise"
          + " than with the CRDs (--to schema-dir keeps it all):\n");
      unstated.forEach(u -> text.append("#   ").append(u).append('\n'));
    }
    if (entries.isEmpty()) {
      text.append("contracts: []\n");
    } else {
      StringWriter yaml = new StringWriter();
      try {
        YamlWriter.write(root, yaml);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      text.append(yaml);
    }
    return new Written(text.toString(), List.copyOf(unstated));
  }

  /**
   * An entry for the versions of a kind whose lists say the same; the CRD's categories too, which select
   * the catalogue's (and a configuration's) entries of {@code crdCategories} as the CRD would.
   */
  private static ObjectNode entry(String group, String kind, List<String> versions, Set<String> categories,
      ObjectNode lists) {
    ObjectNode entry = NODES.objectNode();
    entry.put("group", group);
    entry.set("kinds", NODES.arrayNode().add(kind));
    ArrayNode v = entry.putArray("versions");
    versions.forEach(v::add);
    if (!categories.isEmpty()) {
      ArrayNode c = entry.putArray("categories");
      categories.forEach(c::add);
    }
    if (lists.size() == 1 && lists.has(ListPath.TOP_LEVEL)) {
      entry.set("conditions", lists.get(ListPath.TOP_LEVEL));
    } else {
      entry.set("lists", lists);
    }
    return entry;
  }

  /** What one list's CRD says, as an entry states it; what it cannot state goes to {@code unstated}. */
  private ObjectNode list(ListContract contract, ConditionListSchema schema, String where, List<String> unstated) {
    ObjectNode out = NODES.objectNode();
    Optional<Known<ConditionSchema>> declared = contract.schema().filter(k -> k.source() == ContractBasis.Source.CRD);
    List<String> lost = new ArrayList<>();
    if (declared.isPresent()) {
      ConditionSchema crd = declared.get().value();
      Optional<ConditionFamily> family = crd.family().map(id -> catalogue.families().get(id));
      Map<String, FieldRule> fields = new LinkedHashMap<>();
      if (family.isPresent()) {
        out.put("family", family.get().id());
        crd.fields().forEach((name, rule) -> {
          FieldRule inFamily = family.get().schema().fields().get(name);
          if (!rule.equals(inFamily) && !stateable(rule).equals(inFamily)) {
            fields.put(name, stateable(rule));
          }
        });
      } else {
        crd.fields().forEach((name, rule) -> fields.put(name, stateable(rule)));
      }
      ConditionSchema plain = family.isPresent()
          ? family.get().schema().with(fields)
          : new ConditionSchema(Optional.empty(), fields);
      if (!fields.isEmpty()) {
        ObjectNode f = out.putObject("fields");
        fields.forEach((name, rule) -> f.put(name, rule.required() ? "required" : "optional"));
      }
      ObjectNode constraints = constraints(crd, plain, schema);
      if (!constraints.isEmpty()) {
        out.set("constraints", constraints);
      }
      ConditionSchema stated = reader.read(NODES.arrayNode().add(NODES.objectNode().put("group", "*")
          .set("conditions", out)), "", i -> declared.get().basis()).specs().get(0).lists()
          .get(ListPath.TOP_LEVEL).schema().orElse(plain);
      crd.fields().forEach((name, rule) -> {
        if (rule.nonEmpty() && !stated.fields().get(name).nonEmpty()) {
          lost.add(name + " non-empty (minLength 1)");
        }
      });
      lost.addAll(formats(crd, stated));
    }
    Optional<Known<GenerationTracking>> generation =
        contract.generation().filter(k -> k.source() == ContractBasis.Source.CRD);
    generation.ifPresent(g -> out.put("observedGeneration", g.value().name().toLowerCase(java.util.Locale.ROOT)));
    if (!schema.defaults().isEmpty()) {
      ArrayNode placeholders = out.putArray("placeholders");
      schema.defaults().forEach(placeholders::add);
    }
    if (!lost.isEmpty()) {
      unstated.add(where + ": " + String.join("; ", lost));
    }
    return out;
  }

  /**
   * The constraints an entry states for what the CRD's item schema holds a field's value to and the
   * family (or field set) alone does not: a non-empty value ({@code minLength}), a pattern, a time's
   * format or plain string, the statuses of its {@code enum}; each in the CRD's own words.
   */
  private static ObjectNode constraints(ConditionSchema crd, ConditionSchema stated, ConditionListSchema schema) {
    ObjectNode out = NODES.objectNode();
    for (String field : crd.fieldNames()) {
      FieldSchema property = schema.items().properties().get(field);
      if (property == null) {
        continue;
      }
      ObjectNode c = NODES.objectNode();
      if (crd.fields().get(field).nonEmpty() && !stated.fields().get(field).nonEmpty()) {
        c.put("minLength", property.minLength().orElse(1));
      }
      if (crd.hasPattern(field) && !stated.hasPattern(field)) {
        property.pattern().ifPresent(p -> c.put("pattern", p));
      }
      if (!crd.hasPattern(field) && stated.hasPattern(field)) {
        c.putNull("pattern");
      }
      if (crd.isDateTime(field) && !stated.isDateTime(field)) {
        c.put("format", "date-time");
      } else if (crd.isPlainTime(field) && !stated.isPlainTime(field)) {
        c.put("type", "string");
      } else if (!crd.isDateTime(field) && !crd.isPlainTime(field) && (stated.isDateTime(field) || stated.isPlainTime(field))) {
        c.putNull("format");
      }
      if (field.equals("status") && !crd.formats().otherStatuses().equals(stated.formats().otherStatuses())
          && !property.enumValues().isEmpty()) {
        ArrayNode values = c.putArray("enum");
        property.enumValues().forEach(values::add);
      }
      if (!c.isEmpty()) {
        out.set(field, c);
      }
    }
    return out;
  }

  /** A field rule as an entry spells it: required or optional (a CRD has no required-when, an entry no non-empty). */
  private static FieldRule stateable(FieldRule rule) {
    return rule.required() ? FieldRule.REQUIRED : FieldRule.OPTIONAL;
  }

  /** The differences in what the two schemas hold values to, in words. */
  private static List<String> formats(ConditionSchema crd, ConditionSchema stated) {
    List<String> out = new ArrayList<>();
    for (String field : new TreeSet<>(crd.fieldNames())) {
      if (crd.isDateTime(field) != stated.isDateTime(field) || crd.isPlainTime(field) != stated.isPlainTime(field)) {
        out.add(field + (crd.isDateTime(field) ? " format date-time" : crd.isPlainTime(field)
            ? " a plain string (no format)" : " no time format"));
      }
      if (crd.hasPattern(field) != stated.hasPattern(field)) {
        out.add(field + (crd.hasPattern(field) ? " held to a pattern" : " held to no pattern"));
      }
    }
    if (!crd.formats().otherStatuses().equals(stated.formats().otherStatuses())) {
      out.add("statuses " + new TreeSet<>(crd.formats().otherStatuses()) + " besides True, False and Unknown");
    }
    return out;
  }
}
