package dev.condlint.build.crdindex;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.rules.schema.CrdIndex;
import dev.condlint.rules.schema.FieldSchema;
import dev.condlint.rules.schema.KubeVersions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Writes the kinds of every source as the index {@link CrdIndex} reads: each condition list keeps its
 * list keys, maxItems and default, and its items' fields with the keywords the rules read ({@link FieldSchema#KEYWORDS}) and
 * {@code required}; each distinct item schema is written once, in {@code items.json}, by a hash of its
 * content (most lists are metav1.Condition's); one file per group. Where several sources have a group,
 * kind and version, the first source in sources.json wins. A kind without condition lists adds no kind
 * version, only its printer columns, spelling and names (a record {@link CarriedIndex} carries over from
 * an earlier index for a version another source won). The output depends on nothing but its input.
 */
final class IndexWriter {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectWriter PRETTY = JSON.writer(new DefaultPrettyPrinter()
      .withObjectIndenter(new DefaultIndenter("  ", "\n"))
      .withArrayIndenter(new DefaultIndenter("  ", "\n")));
  private static final List<String> LIST_KEYWORDS =
      List.of("x-kubernetes-list-type", "x-kubernetes-list-map-keys", "maxItems", "default");

  /** What was written. */
  record Summary(int groups, int kinds, int kindVersions, int lists, int itemSchemas, Map<String, Integer> bySource) {}

  private IndexWriter() {}

  static Summary write(List<IndexSource> sources, List<DistilledKind> kinds, Path out) throws IOException {
    // group -> lower-case kind -> version -> the first source's schema
    Map<String, Map<String, Map<String, DistilledKind>>> byGroup = new TreeMap<>();
    Map<String, String> spelling = new TreeMap<>();
    Map<String, JsonNode> names = new TreeMap<>();
    // group/kind in lower case/version -> the first source's CRD that shows a condition in a printer column
    Map<String, DistilledKind> columns = new java.util.HashMap<>();
    for (DistilledKind k : kinds) {
      if (!k.columns().isEmpty()) {
        columns.putIfAbsent(k.group() + "/" + k.kind().toLowerCase(Locale.ROOT) + "/" + k.version(), k);
      }
      if (k.names().isObject() && k.names().path("plural").isTextual()) {
        names.putIfAbsent(k.group() + "/" + k.kind().toLowerCase(Locale.ROOT), k.names());
      }
      String lower = k.kind().toLowerCase(Locale.ROOT);
      if (!k.lists().isEmpty()) {
        byGroup.computeIfAbsent(k.group(), g -> new TreeMap<>()).computeIfAbsent(lower, x -> new LinkedHashMap<>())
            .putIfAbsent(k.version(), k);
      }
      if (k.spellsKind()) {
        spelling.putIfAbsent(k.group() + "/" + lower, k.kind());
      }
    }

    Map<String, JsonNode> items = new TreeMap<>();
    Map<String, Integer> bySource = new LinkedHashMap<>();
    sources.forEach(s -> bySource.put(s.id(), 0));
    int kindCount = 0;
    int versionCount = 0;
    int listCount = 0;
    Path groupsDir = out.resolve("groups");
    clean(groupsDir);
    Files.createDirectories(groupsDir);
    for (Map.Entry<String, Map<String, Map<String, DistilledKind>>> group : byGroup.entrySet()) {
      ObjectNode file = JSON.createObjectNode();
      file.put("group", group.getKey());
      ObjectNode kindsNode = file.putObject("kinds");
      for (Map.Entry<String, Map<String, DistilledKind>> kind : group.getValue().entrySet()) {
        kindCount++;
        ObjectNode kindNode = kindsNode.putObject(kind.getKey());
        kindNode.put("kind", spelling.getOrDefault(group.getKey() + "/" + kind.getKey(), kind.getKey()));
        ObjectNode versions = kindNode.putObject("versions");
        List<String> ordered = new ArrayList<>(kind.getValue().keySet());
        ordered.sort(KubeVersions.PRIORITY);
        for (String version : ordered) {
          DistilledKind k = kind.getValue().get(version);
          versionCount++;
          bySource.merge(k.source(), 1, Integer::sum);
          ObjectNode v = versions.putObject(version);
          v.put("source", k.source());
          v.put("file", k.file());
          DistilledKind shown = columns.get(group.getKey() + "/" + kind.getKey() + "/" + version);
          if (shown != null) {
            ObjectNode c = v.putObject("conditionColumns");
            c.put("source", shown.source());
            c.put("file", shown.file());
            ArrayNode list = c.putArray("columns");
            shown.columns().forEach(column -> list.addObject().put("name", column.name()).put("type", column.type()));
          }
          ObjectNode lists = v.putObject("lists");
          for (Map.Entry<String, JsonNode> list : k.lists().entrySet()) {
            listCount++;
            JsonNode item = item(list.getValue().path("items"));
            String id = id(item);
            items.putIfAbsent(id, item);
            ObjectNode l = lists.putObject(list.getKey());
            l.put("items", id);
            for (String keyword : LIST_KEYWORDS) {
              if (list.getValue().has(keyword)) {
                l.set(keyword, list.getValue().get(keyword));
              }
            }
          }
        }
      }
      write(groupsDir.resolve(group.getKey() + ".json"), file);
    }

    ObjectNode itemsFile = JSON.createObjectNode();
    items.forEach(itemsFile::set);
    write(out.resolve("items.json"), itemsFile);
    write(out.resolve("names.json"), names(byGroup, spelling, names));

    ObjectNode index = JSON.createObjectNode();
    index.put("format", CrdIndex.FORMAT);
    index.put("about", "The CRD schemas condlint bundles: the condition lists of each group, kind and version."
        + " Written by build-tools' DistilCrdIndex from build-tools/crd-index/sources.json; do not edit"
        + " (docs/contracts.md says how to distil it anew).");
    ArrayNode sourcesNode = index.putArray("sources");
    for (IndexSource s : sources) {
      ObjectNode node = sourcesNode.addObject();
      node.put("id", s.id());
      node.put("repository", s.repository());
      node.put("commit", s.commit());
      node.put("license", s.license());
      if (s.layout() == IndexSource.Layout.GO_TYPES) {
        // condlint's basis says what was read: "Go types of group/Kind vN", not a CRD schema
        node.put("layout", "go-types");
      }
      node.put("kindVersions", bySource.get(s.id()));
    }
    index.put("groupResource", "groups/{group}.json");
    ArrayNode groupsNode = index.putArray("groups");
    byGroup.keySet().forEach(groupsNode::add);
    write(out.resolve("index.json"), index);
    return new Summary(byGroup.size(), kindCount, versionCount, listCount, items.size(), bySource);
  }

  /**
   * The names kubectl takes for each kind whose CRD a source has ({@code spec.names}: plural, singular
   * where it is not the kind in lower case, short names, categories), by group and kind in lower case;
   * of a kind only a JSON Schema catalogue has, the kind alone (its file names the kind, nothing more).
   */
  private static JsonNode names(Map<String, Map<String, Map<String, DistilledKind>>> byGroup,
      Map<String, String> spelling, Map<String, JsonNode> names) {
    ObjectNode file = JSON.createObjectNode();
    file.put("about", "The names of the index's kinds as their CRDs give them (spec.names), read by condlint explain"
        + " to resolve a kind as kubectl does (deploy, certificates, cert); written by DistilCrdIndex.");
    ObjectNode groupsNode = file.putObject("groups");
    byGroup.forEach((group, kindsOfGroup) -> kindsOfGroup.keySet().forEach(lower -> {
      ObjectNode entry = (groupsNode.has(group) ? (ObjectNode) groupsNode.get(group) : groupsNode.putObject(group))
          .putObject(lower);
      entry.put("kind", spelling.getOrDefault(group + "/" + lower, lower));
      JsonNode n = names.get(group + "/" + lower);
      if (n != null) {
        putNames(entry, n, lower);
      }
    }));
    return file;
  }

  /** What names.json keeps of a CRD's spec.names, for a kind whose name in lower case is {@code lower}. */
  static ObjectNode putNames(ObjectNode entry, JsonNode n, String lower) {
    entry.put("plural", n.path("plural").asText());
    String singular = n.path("singular").asText("");
    if (!singular.isEmpty() && !singular.equals(lower)) {
      entry.put("singular", singular);
    }
    for (String list : List.of("shortNames", "categories")) {
      if (n.path(list).isArray() && !n.path(list).isEmpty()) {
        ArrayNode a = entry.putArray(list);
        n.path(list).forEach(v -> a.add(v.asText()));
      }
    }
    return entry;
  }

  /** An item schema with what the rules read: its properties (sorted), each with the kept keywords, and required. */
  static JsonNode item(JsonNode items) {
    ObjectNode out = JSON.createObjectNode();
    ObjectNode properties = out.putObject("properties");
    new TreeMap<String, JsonNode>(toMap(items.path("properties"))).forEach((name, property) -> {
      ObjectNode kept = properties.putObject(name);
      for (String keyword : FieldSchema.KEYWORDS) {
        if (property.has(keyword)) {
          kept.set(keyword, property.get(keyword));
        }
      }
    });
    TreeSet<String> required = new TreeSet<>();
    items.path("required").forEach(r -> required.add(r.asText()));
    if (!required.isEmpty()) {
      ArrayNode r = out.putArray("required");
      required.forEach(r::add);
    }
    return out;
  }

  private static Map<String, JsonNode> toMap(JsonNode object) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    object.properties().forEach(e -> out.put(e.getKey(), e.getValue()));
    return out;
  }

  /** The first 12 hex digits of the SHA-256 of the item's compact JSON: stable across snapshots. */
  static String id(JsonNode item) throws IOException {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(JSON.writeValueAsBytes(item));
      return HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void write(Path file, JsonNode node) throws IOException {
    Files.writeString(file, PRETTY.writeValueAsString(node) + "\n", StandardCharsets.UTF_8);
  }

  private static void clean(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
        Files.delete(f);
      }
    }
  }
}
