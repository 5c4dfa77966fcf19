package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A distilled index of CRD schemas, read from classpath resources: for each group, kind and version,
 * the schema of each condition list, and the pinned source it was distilled from. condlint bundles one
 * ({@link #builtIn}), distilled from public CRD catalogues by build-tools' {@code DistilCrdIndex}
 * (docs/catalogue.md says which, and how to distil it anew).
 *
 * <p>The layout under the root: {@code index.json} names the sources (repository, commit, license)
 * and the groups; {@code items.json} holds each distinct condition item schema once, by id; one
 * {@code groups/GROUP.json} per group holds its kinds. A group is read the first time an object of it
 * is met, so a run reads only the groups of its objects.
 */
public final class CrdIndex implements KindSchemaSource {
  /** The format this reader reads; the distiller writes it into index.json. */
  public static final int FORMAT = 1;

  private static final String BUILT_IN_ROOT = "dev/condlint/rules/schema/crd-index/";

  private final ClassLoader loader;
  private final String root;
  private volatile Header header;
  private volatile Map<String, JsonNode> items;
  private volatile List<KindNames> names;
  private final Map<String, Map<String, List<KindSchema>>> groups = new ConcurrentHashMap<>();

  private CrdIndex(ClassLoader loader, String root) {
    this.loader = loader;
    this.root = root.isEmpty() || root.endsWith("/") ? root : root + "/";
  }

  /** An index under {@code root} (a resource path without a leading slash) of a class loader's resources. */
  public static CrdIndex fromClasspath(ClassLoader loader, String root) {
    return new CrdIndex(loader, root);
  }

  private static final class BuiltIn {
    static final CrdIndex INSTANCE = new CrdIndex(CrdIndex.class.getClassLoader(), BUILT_IN_ROOT);
  }

  /** The index condlint bundles. */
  public static CrdIndex builtIn() {
    return BuiltIn.INSTANCE;
  }

  /**
   * A source the index was distilled from, how many kind versions the index took from it, and its layout as
   * index.json records it: "go-types" for a project's Go API types, "crd" (no key) for CRDs and JSON Schemas.
   */
  public record Source(String id, String repository, String commit, String license, int kindVersions, String layout) {
    /** A source of CRDs or JSON Schemas. */
    public Source(String id, String repository, String commit, String license, int kindVersions) {
      this(id, repository, commit, license, kindVersions, "crd");
    }

    /** {@code datreeio/CRDs-catalog@7b1e26e}. */
    public String pinned() {
      return repository + "@" + commit.substring(0, Math.min(7, commit.length()));
    }

    /** Whether the source is a project's Go API types, not its CRDs. */
    public boolean goTypes() {
      return layout.equals("go-types");
    }
  }

  /** The sources, in the order the distiller preferred them. */
  public List<Source> sources() {
    return List.copyOf(header().sources.values());
  }

  /** The groups the index holds. */
  public Set<String> groups() {
    return header().groups;
  }

  /**
   * The kinds of a group, each as the index spells it: as its CRD names it where the source is a CRD,
   * in lower case where the source is a JSON Schema catalogue that names kinds by file (datreeio's).
   */
  @Override
  public List<String> kindNames(String group) {
    return kinds(group).values().stream().map(versions -> versions.get(0).kind()).sorted().toList();
  }

  /**
   * A kind's names as its CRD gives them ({@code spec.names}), the names kubectl takes for it: the plural,
   * the singular (the kind in lower case where the CRD names none), short names and categories. Of a kind
   * only a JSON Schema catalogue had, nothing but the kind is known: its plural is empty.
   */
  public record KindNames(String group, String kind, String plural, String singular, List<String> shortNames,
      List<String> categories) {
    public KindNames {
      shortNames = List.copyOf(shortNames);
      categories = List.copyOf(categories);
    }
  }

  /**
   * The names of each kind of the index ({@code names.json}), as far as a source's CRD gave them. Read on first use: {@code explain} resolves names, {@code lint}
   * never reads them.
   */
  public List<KindNames> names() {
    List<KindNames> read = names;
    if (read == null) {
      synchronized (this) {
        if (names == null) {
          names = readNames();
        }
        read = names;
      }
    }
    return read;
  }

  private List<KindNames> readNames() {
    if (loader.getResource(root + "names.json") == null) {
      return List.of();
    }
    List<KindNames> out = new ArrayList<>();
    read("names.json").path("groups").properties().forEach(g -> g.getValue().properties().forEach(k -> {
      JsonNode n = k.getValue();
      List<String> shortNames = new ArrayList<>();
      n.path("shortNames").forEach(v -> shortNames.add(v.asText()));
      List<String> categories = new ArrayList<>();
      n.path("categories").forEach(v -> categories.add(v.asText()));
      out.add(new KindNames(g.getKey(), n.path("kind").asText(k.getKey()), n.path("plural").asText(),
          n.path("singular").asText(k.getKey()), shortNames, categories));
    }));
    return List.copyOf(out);
  }

  @Override
  public Optional<KindSchema> find(String group, String version, String kind) {
    return kinds(group).getOrDefault(kind.toLowerCase(Locale.ROOT), List.of()).stream()
        .filter(s -> s.version().equals(version))
        .findFirst();
  }

  @Override
  public List<KindSchema> versions(String group, String kind) {
    return kinds(group).getOrDefault(kind.toLowerCase(Locale.ROOT), List.of());
  }

  private Map<String, List<KindSchema>> kinds(String group) {
    if (!header().groups.contains(group)) {
      return Map.of();
    }
    return groups.computeIfAbsent(group, this::load);
  }

  private record Header(Map<String, Source> sources, Set<String> groups) {}

  private Header header() {
    Header h = header;
    if (h == null) {
      synchronized (this) {
        if (header == null) {
          header = readHeader();
        }
        h = header;
      }
    }
    return h;
  }

  private Header readHeader() {
    JsonNode index = read("index.json");
    int format = index.path("format").asInt();
    // The message is built only on failure: a JsonNode's text would start an ObjectMapper, a small run's worth.
    require(format == FORMAT, "index.json has format " + format + ", not " + FORMAT);
    Map<String, Source> sources = new java.util.LinkedHashMap<>();
    index.path("sources").forEach(s -> sources.put(s.path("id").asText(), new Source(s.path("id").asText(),
        s.path("repository").asText(), s.path("commit").asText(), s.path("license").asText(),
        s.path("kindVersions").asInt(), s.path("layout").asText("crd"))));
    Set<String> groups = new HashSet<>();
    index.path("groups").forEach(g -> groups.add(g.asText()));
    return new Header(sources, Set.copyOf(groups));
  }

  /** The item schemas, by id: read with the first group, as an object of a core kind needs none. */
  private Map<String, JsonNode> items() {
    Map<String, JsonNode> read = items;
    if (read == null) {
      synchronized (this) {
        if (items == null) {
          Map<String, JsonNode> out = new HashMap<>();
          read("items.json").properties().forEach(e -> out.put(e.getKey(), e.getValue()));
          items = Map.copyOf(out);
        }
        read = items;
      }
    }
    return read;
  }

  private Map<String, List<KindSchema>> load(String group) {
    Header h = header();
    Map<String, JsonNode> itemSchemas = items();
    JsonNode groupFile = read("groups/" + group + ".json");
    Map<String, List<KindSchema>> kinds = new HashMap<>();
    groupFile.path("kinds").properties().forEach(k -> {
      String kind = k.getValue().path("kind").asText(k.getKey());
      List<KindSchema> versions = new ArrayList<>();
      k.getValue().path("versions").properties().forEach(v -> {
        JsonNode entry = v.getValue();
        Source source = h.sources.get(entry.path("source").asText());
        require(source != null, "groups/" + group + ".json: " + kind + " " + v.getKey() + " names no known source");
        Map<String, ConditionListSchema> lists = new java.util.LinkedHashMap<>();
        entry.path("lists").properties().forEach(l -> {
          JsonNode items = itemSchemas.get(l.getValue().path("items").asText());
          require(items != null, "groups/" + group + ".json: " + kind + " " + v.getKey() + " names no known item schema");
          ObjectNode array = l.getValue().deepCopy();
          array.set("items", items);
          lists.put(l.getKey(), ConditionListSchemas.list(array));
        });
        String path = entry.path("file").asText();
        // The printer columns that show one condition's status, from the first source whose CRD of the kind
        // and version has them (a JSON Schema catalogue, which may give the schema, has no columns).
        List<ConditionColumn> columns = new ArrayList<>();
        JsonNode shown = entry.path("conditionColumns");
        if (shown.isObject()) {
          Source from = h.sources.get(shown.path("source").asText());
          require(from != null, "groups/" + group + ".json: " + kind + " " + v.getKey() + "'s columns name no known source");
          String origin = from.repository() + " " + shown.path("file").asText() + "@"
              + from.commit().substring(0, Math.min(12, from.commit().length()));
          shown.path("columns").forEach(c -> columns.add(new ConditionColumn(c.path("name").asText(),
              c.path("type").asText(), origin)));
        }
        versions.add(new KindSchema(group, kind, v.getKey(), lists, new SchemaOrigin(source.pinned(),
            source.repository() + " " + path + "@" + source.commit().substring(0, Math.min(12, source.commit().length())),
            source.goTypes() ? "Go types" : "CRD schema"), columns));
      });
      kinds.put(k.getKey(), List.copyOf(versions));
    });
    return Map.copyOf(kinds);
  }

  private JsonNode read(String name) {
    try (InputStream in = loader.getResourceAsStream(root + name)) {
      require(in != null, "missing resource " + root + name);
      return JsonTree.read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalStateException("condlint's CRD index is broken: " + message);
    }
  }
}
