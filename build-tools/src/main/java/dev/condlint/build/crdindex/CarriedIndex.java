package dev.condlint.build.crdindex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.rules.schema.ConditionColumn;
import dev.condlint.rules.schema.CrdIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * An index {@link IndexWriter} wrote, read back as what each of its sources contributed, so that a source
 * without a checkout can be carried over from it ({@code DistilCrdIndex --carry-over DIR}).
 *
 * <p>The index records, for each group, kind and version, the source whose schema won (the first in
 * sources.json order that has it) with the file and the condition lists; the source and file of the
 * printer columns where a source shows a condition in one; and, for each kind, its spelling and the names
 * of its CRD. A carried source's kinds are rebuilt from those records: the kind versions it won, with its
 * lists and columns, and, where a later source's printer columns were taken for a version an earlier source
 * won, the later source's columns (its lists there are not recorded and never read: an earlier source wins).
 * Each carried record of a kind gets the kind's spelling and names as the index has them.
 *
 * <p>What the index does not hold is what a source had that an earlier source shadowed: a kind version
 * (lists, file, columns) another source won, and the spelling and names of a kind whose first CRD is not
 * recorded. {@link #check} finds each place where a distil with carried sources would depend on such
 * a record, so that the distil refuses rather than write an index other than a distil of every checkout.
 */
final class CarriedIndex {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A source as the index records it, with its place in the index's source order. */
  record Recorded(String id, String repository, String commit, int position) {}

  /** A kind version's record: the winning source and file, its lists, and the printer columns' record. */
  private record Version(String group, String lower, String version, String source, String file,
      Map<String, JsonNode> lists, Optional<Columns> columns) {}

  private record Columns(String source, String file, List<ConditionColumn> columns) {}

  private final Path dir;
  private final Map<String, Recorded> sources = new LinkedHashMap<>();
  private final List<Version> versions = new ArrayList<>();
  private final Map<String, Version> byKey = new HashMap<>();
  /** group/lower -> the spelling, where a source spells the kind. */
  private final Map<String, String> spelling = new HashMap<>();
  /** group/lower -> spec.names as names.json keeps them, where a CRD with a plural gave them. */
  private final Map<String, JsonNode> names = new HashMap<>();
  /** group/lower -> the versions of the kind. */
  private final Map<String, List<Version>> byKind = new TreeMap<>();

  private CarriedIndex(Path dir) {
    this.dir = dir;
  }

  Path dir() {
    return dir;
  }

  Optional<Recorded> source(String id) {
    return Optional.ofNullable(sources.get(id));
  }

  /**
   * Reads the index in {@code dir}; an index that is not of {@link CrdIndex#FORMAT}, or whose item
   * schemas do not hash to their ids, is refused with an {@link IllegalArgumentException} that says why.
   */
  static CarriedIndex read(Path dir) throws IOException {
    CarriedIndex index = new CarriedIndex(dir);
    Path indexFile = dir.resolve("index.json");
    if (!Files.isRegularFile(indexFile)) {
      throw new IllegalArgumentException(dir + " holds no index.json");
    }
    JsonNode root = JSON.readTree(indexFile.toFile());
    if (root.path("format").asInt(-1) != CrdIndex.FORMAT) {
      throw new IllegalArgumentException(indexFile + " is of format " + root.path("format") + ", not " + CrdIndex.FORMAT);
    }
    int position = 0;
    for (JsonNode s : root.path("sources")) {
      String id = s.path("id").asText();
      index.sources.put(id, new Recorded(id, s.path("repository").asText(), s.path("commit").asText(), position++));
    }
    JsonNode items = JSON.readTree(dir.resolve("items.json").toFile());
    items.properties().forEach(e -> {
      try {
        String hash = IndexWriter.id(IndexWriter.item(e.getValue()));
        if (!hash.equals(e.getKey())) {
          throw new IllegalArgumentException(dir.resolve("items.json") + ": item " + e.getKey() + " hashes to " + hash);
        }
      } catch (IOException x) {
        throw new java.io.UncheckedIOException(x);
      }
    });
    for (JsonNode groupName : root.path("groups")) {
      String group = groupName.asText();
      JsonNode file = JSON.readTree(dir.resolve("groups").resolve(group + ".json").toFile());
      for (Map.Entry<String, JsonNode> kind : file.path("kinds").properties()) {
        String lower = kind.getKey();
        String spelt = kind.getValue().path("kind").asText(lower);
        if (!spelt.equals(lower)) {
          index.spelling.put(group + "/" + lower, spelt);
        }
        for (Map.Entry<String, JsonNode> v : kind.getValue().path("versions").properties()) {
          JsonNode node = v.getValue();
          String source = node.path("source").asText();
          if (!index.sources.containsKey(source)) {
            throw new IllegalArgumentException(dir.resolve("groups").resolve(group + ".json") + ": " + lower + " "
                + v.getKey() + " is of source " + source + ", which index.json does not list");
          }
          Map<String, JsonNode> lists = new LinkedHashMap<>();
          for (Map.Entry<String, JsonNode> list : node.path("lists").properties()) {
            ObjectNode rebuilt = JSON.createObjectNode();
            JsonNode item = items.get(list.getValue().path("items").asText());
            if (item == null) {
              throw new IllegalArgumentException(dir.resolve("groups").resolve(group + ".json") + ": " + lower + " "
                  + v.getKey() + " " + list.getKey() + ": item " + list.getValue().path("items").asText()
                  + " is not in items.json");
            }
            rebuilt.set("items", item);
            list.getValue().properties().forEach(k -> {
              if (!k.getKey().equals("items")) {
                rebuilt.set(k.getKey(), k.getValue());
              }
            });
            lists.put(list.getKey(), rebuilt);
          }
          Optional<Columns> columns = Optional.empty();
          JsonNode c = node.path("conditionColumns");
          if (c.isObject()) {
            List<ConditionColumn> shown = new ArrayList<>();
            c.path("columns").forEach(col -> shown.add(new ConditionColumn(col.path("name").asText(),
                col.path("type").asText())));
            columns = Optional.of(new Columns(c.path("source").asText(), c.path("file").asText(), shown));
            if (!index.sources.containsKey(columns.get().source())) {
              throw new IllegalArgumentException(dir.resolve("groups").resolve(group + ".json") + ": " + lower + " "
                  + v.getKey() + " takes its printer columns from " + columns.get().source()
                  + ", which index.json does not list");
            }
          }
          Version version = new Version(group, lower, v.getKey(), source, node.path("file").asText(), lists, columns);
          index.versions.add(version);
          index.byKey.put(group + "/" + lower + "/" + v.getKey(), version);
          index.byKind.computeIfAbsent(group + "/" + lower, x -> new ArrayList<>()).add(version);
        }
      }
    }
    JsonNode namesFile = JSON.readTree(dir.resolve("names.json").toFile());
    namesFile.path("groups").properties().forEach(g -> g.getValue().properties().forEach(k -> {
      if (k.getValue().path("plural").isTextual()) {
        index.names.put(g.getKey() + "/" + k.getKey(), k.getValue());
      }
    }));
    return index;
  }

  /**
   * The kinds the index attributes to {@code source}, as {@link SourceReader} read them, in the index's
   * order: the kind versions it won, and the printer columns it gave to a kind version another won.
   */
  List<DistilledKind> kinds(IndexSource source) {
    List<DistilledKind> out = new ArrayList<>();
    boolean crds = source.layout().spellsKinds();
    for (Version v : versions) {
      boolean won = v.source().equals(source.id());
      boolean shows = v.columns().isPresent() && v.columns().get().source().equals(source.id());
      if (!won && !shows) {
        continue;
      }
      String key = v.group() + "/" + v.lower();
      String kind = crds ? spelling.getOrDefault(key, v.lower()) : v.lower();
      JsonNode kindNames = source.layout() == IndexSource.Layout.CRD_MANIFESTS && names.containsKey(key) ? crdNames(names.get(key)) : MissingNode.getInstance();
      List<ConditionColumn> columns = shows ? v.columns().get().columns() : List.of();
      if (won && shows && !v.columns().get().file().equals(v.file())) {
        throw new IllegalArgumentException(dir + ": " + v.group() + " " + v.lower() + " " + v.version() + " of "
            + source.id() + " takes its lists from " + v.file() + " and its printer columns from "
            + v.columns().get().file() + "; the source cannot be carried over, check it out");
      }
      out.add(new DistilledKind(source.id(), v.group(), kind, v.version(), won ? v.file() : v.columns().get().file(),
          won ? v.lists() : Map.of(), kindNames, columns));
    }
    return out;
  }

  /** How many kind versions the index attributes to a source. */
  int kindVersions(String id) {
    return (int) versions.stream().filter(v -> v.source().equals(id)).count();
  }

  /** spec.names rebuilt from a names.json entry (singular, left out there where it is the kind in lower case, too). */
  private static JsonNode crdNames(JsonNode entry) {
    ObjectNode out = JSON.createObjectNode();
    out.set("plural", entry.get("plural"));
    if (entry.has("singular")) {
      out.set("singular", entry.get("singular"));
    }
    for (String list : List.of("shortNames", "categories")) {
      if (entry.has(list)) {
        out.set(list, entry.get(list));
      }
    }
    return out;
  }

  /**
   * What {@link #check} found: the records the distil would take from what the index does not hold (the
   * distil must refuse them), and, by carried source, the records that carry a kind's spelling or names
   * where the index holds no record of the source that gave them (a CRD whose kind versions an earlier
   * source won): such a record has no lists, so it adds no kind version.
   */
  record Check(List<String> ambiguities, Map<String, List<DistilledKind>> carriers) {}

  /** How one source takes part in a distil: carried over from this index, or read from its checkout. */
  record Part(IndexSource source, boolean carried, boolean unchanged, List<DistilledKind> read) {}

  /**
   * Each record of the distil that would depend on what the index does not hold, as one line each, and
   * the records that carry kinds' spellings and names ({@link Check}):
   * a kind version, its printer columns, a kind's spelling or names, where the first source (in the
   * distil's order) that may have it is a carried source the index records no such thing of, because an
   * earlier source of the index shadowed it (a source of the index that the distil drops, moves, or
   * reads at another commit). Empty where the distil equals a distil of every checkout.
   *
   * @param parts the distil's sources in its order: {@code unchanged} where the index records the source
   *     at the same commit (carried, or read from a checkout of that commit)
   */
  Check check(List<Part> parts) {
    Map<String, Integer> orderInIndex = new HashMap<>();
    sources.values().forEach(r -> orderInIndex.put(r.id(), r.position()));
    IndexOrder order = new IndexOrder(parts, orderInIndex);
    // The distil's kinds read from checkouts, by source: group/lower/version and group/lower keys.
    Map<String, Map<String, DistilledKind>> firstByVersion = new HashMap<>();
    Map<String, Map<String, DistilledKind>> firstWithColumns = new HashMap<>();
    Map<String, Map<String, String>> firstSpelling = new HashMap<>();
    Map<String, Map<String, JsonNode>> firstNames = new HashMap<>();
    Set<String> versionKeys = new TreeSet<>(byKey.keySet());
    Set<String> kindKeys = new TreeSet<>(byKind.keySet());
    for (Part p : parts) {
      if (p.carried()) {
        continue;
      }
      Map<String, DistilledKind> versionsOf = firstByVersion.computeIfAbsent(p.source().id(), x -> new HashMap<>());
      Map<String, DistilledKind> columnsOf = firstWithColumns.computeIfAbsent(p.source().id(), x -> new HashMap<>());
      Map<String, String> spellingOf = firstSpelling.computeIfAbsent(p.source().id(), x -> new HashMap<>());
      Map<String, JsonNode> namesOf = firstNames.computeIfAbsent(p.source().id(), x -> new HashMap<>());
      for (DistilledKind k : p.read()) {
        String kind = k.group() + "/" + k.kind().toLowerCase(Locale.ROOT);
        String version = kind + "/" + k.version();
        versionKeys.add(version);
        kindKeys.add(kind);
        versionsOf.putIfAbsent(version, k);
        if (!k.columns().isEmpty()) {
          columnsOf.putIfAbsent(version, k);
        }
        if (k.spellsKind()) {
          spellingOf.putIfAbsent(kind, k.kind());
        }
        if (k.names().isObject() && k.names().path("plural").isTextual()) {
          namesOf.putIfAbsent(kind, k.names());
        }
      }
    }

    Map<String, Set<String>> unknown = new TreeMap<>();
    Map<String, List<DistilledKind>> carriers = new HashMap<>();
    for (String key : versionKeys) {
      Version old = byKey.get(key);
      walkVersion(parts, orderInIndex, key, "kind version", false,
          old == null ? null : old.source(), id -> firstByVersion.get(id).containsKey(key), unknown);
      walkVersion(parts, orderInIndex, key, "printer columns of", true,
          old == null || old.columns().isEmpty() ? null : old.columns().get().source(),
          id -> firstWithColumns.get(id).containsKey(key), unknown);
    }
    for (String key : kindKeys) {
      List<Version> kindVersions = byKind.getOrDefault(key, List.of());
      int earliest = kindVersions.stream()
          .flatMap(v -> v.columns().isPresent() ? java.util.stream.Stream.of(v.source(), v.columns().get().source())
              : java.util.stream.Stream.of(v.source()))
          .mapToInt(orderInIndex::get).min().orElse(Integer.MAX_VALUE);
      Set<String> definite = new java.util.HashSet<>();
      kindVersions.forEach(v -> {
        definite.add(v.source());
        v.columns().ifPresent(c -> definite.add(c.source()));
      });
      String group = key.substring(0, key.indexOf('/'));
      String lower = key.substring(key.indexOf('/') + 1);
      if (spelling.containsKey(key)) {
        walkKind(parts, orderInIndex, order, key, "spelling of", spelling.get(key), earliest, definite,
            id -> Optional.ofNullable(firstSpelling.get(id).get(key)), unknown).ifPresent(id -> carriers
                .computeIfAbsent(id, x -> new ArrayList<>()).add(new DistilledKind(id, group, spelling.get(key),
                    kindVersions.get(0).version(), "", Map.of(), MissingNode.getInstance(), List.of())));
      }
      if (names.containsKey(key)) {
        JsonNode old = crdNames(names.get(key));
        walkKind(parts, orderInIndex, order, key, "names of", IndexWriter.putNames(JSON.createObjectNode(), old, lower),
            earliest, definite, id -> Optional.ofNullable(firstNames.get(id).get(key))
                .map(n -> IndexWriter.putNames(JSON.createObjectNode(), n, lower)), unknown).ifPresent(id -> carriers
                .computeIfAbsent(id, x -> new ArrayList<>()).add(new DistilledKind(id, group, lower,
                    kindVersions.get(0).version(), "", Map.of(), old, List.of())));
      }
    }
    List<String> out = new ArrayList<>();
    unknown.forEach((what, carried) -> out.add(what + ": may come from "
        + String.join(", ", carried.stream().limit(5).toList())
        + (carried.size() > 5 ? " and " + (carried.size() - 5) + " more" : "")
        + ", whose record " + dir + " does not hold (an earlier source shadowed it there)"));
    return new Check(out, carriers);
  }

  /**
   * A kind version (or its printer columns): the first source that has it wins. A carried source has it
   * where the index says it won it; it has not where the index's winner comes after it; where the winner
   * comes before it in the index, whether it has it is not known. Printer columns ({@code crdsOnly}) are a
   * CRD's: a JSON Schema catalogue has none.
   */
  private static void walkVersion(List<Part> parts, Map<String, Integer> orderInIndex, String key, String what,
      boolean crdsOnly, String winner, java.util.function.Predicate<String> readHas, Map<String, Set<String>> unknown) {
    for (Part p : parts) {
      String id = p.source().id();
      if (!p.carried()) {
        if (readHas.test(id)) {
          return;
        }
        continue;
      }
      if (crdsOnly && !p.source().layout().spellsKinds()) {
        continue;
      }
      if (winner == null || id.equals(winner)) {
        if (winner != null) {
          return;
        }
        continue;
      }
      if (orderInIndex.get(id) < orderInIndex.get(winner)) {
        continue;
      }
      unknown.computeIfAbsent(what + " " + key, x -> new LinkedHashSet<>()).add(id);
      return;
    }
  }

  /**
   * A kind's spelling or names: the first record of the kind that has one gives it; only a CRD has either.
   * The index holds the value ({@code old}) but not which source gave it: the first source of the index
   * with a CRD of the kind. The first source of the index with the kind at all ({@code earliest}) is one
   * the index records (it won a version); the sources before it had no record of the kind. If that source is
   * a CRD source, it gave the value, and its records carry it. If not (a JSON Schema catalogue, whose file
   * names the kind in lower case only), the value came from a CRD source after it, maybe one the index has
   * no record of the kind from. A carried CRD source after it gives the value if it has the kind at all and
   * every source of the index from {@code earliest} on before it is in the distil before it, unchanged and
   * in the index's order (none of them gave a value); a record that carries the value is placed at the first
   * such source (returned), and the value holds from there while the sources of the index stay so, up to
   * one the index records with the kind, or to the end. A source read from a checkout gives its own value;
   * one that is new or at another commit, read where the value
   * may still come from a carried source, must give the same value, or the distil cannot tell.
   */
  private static Optional<String> walkKind(List<Part> parts, Map<String, Integer> orderInIndex, IndexOrder order,
      String key, String what, Object old, int earliest, Set<String> definite,
      Function<String, Optional<?>> readValue, Map<String, Set<String>> unknown) {
    Optional<String> carrier = Optional.empty();
    Set<String> maybe = new LinkedHashSet<>();
    for (int i = 0; i < parts.size(); i++) {
      Part p = parts.get(i);
      String id = p.source().id();
      Integer inIndex = orderInIndex.get(id);
      if (!p.carried()) {
        Optional<?> value = readValue.apply(id);
        if (value.isEmpty() || carrier.isEmpty()) {
          if (value.isPresent()) {
            return carrier;
          }
          continue;
        }
        // The source that gave the index's value comes before this one where it is unchanged and every
        // source of the index from earliest on before it is in the distil unchanged, in order; and so where
        // every source of the index from earliest on is.
        boolean oldAnyway = p.unchanged() && order.intact(earliest, inIndex, i)
            || order.intact(earliest, Integer.MAX_VALUE, i);
        if (!oldAnyway && !Objects.equals(value.get(), old)) {
          unknown.computeIfAbsent(what + " " + key, x -> new LinkedHashSet<>()).addAll(maybe);
        }
        return carrier;
      }
      boolean crds = p.source().layout().spellsKinds();
      if (inIndex < earliest || !crds) {
        continue;
      }
      if (inIndex == earliest) {
        return carrier;
      }
      if (!order.intact(earliest, inIndex, i)) {
        unknown.computeIfAbsent(what + " " + key, x -> new LinkedHashSet<>()).add(id);
        return carrier;
      }
      if (carrier.isEmpty()) {
        carrier = Optional.of(id);
      }
      maybe.add(id);
      if (definite.contains(id)) {
        return carrier;
      }
    }
    if (carrier.isPresent() && !order.intact(earliest, Integer.MAX_VALUE, parts.size())) {
      unknown.computeIfAbsent(what + " " + key, x -> new LinkedHashSet<>()).addAll(maybe);
    }
    return carrier;
  }

  /**
   * The distil's sources as the index orders them: where each source of the index is in the distil, if it
   * is there unchanged; answers whether a stretch of the index's order is in the distil unchanged, in order.
   */
  private static final class IndexOrder {
    private final int[] place;
    private final int[] missing;
    private final int[] descents;

    IndexOrder(List<Part> parts, Map<String, Integer> orderInIndex) {
      place = new int[orderInIndex.size()];
      java.util.Arrays.fill(place, -1);
      for (int i = 0; i < parts.size(); i++) {
        Integer o = orderInIndex.get(parts.get(i).source().id());
        if (o != null && parts.get(i).unchanged()) {
          place[o] = i;
        }
      }
      missing = new int[place.length + 1];
      descents = new int[place.length + 1];
      for (int o = 0; o < place.length; o++) {
        missing[o + 1] = missing[o] + (place[o] < 0 ? 1 : 0);
        descents[o + 1] = descents[o] + (o > 0 && place[o] <= place[o - 1] ? 1 : 0);
      }
    }

    /**
     * Whether every source of the index at a place in {@code [from, to)} of the index's order is among the
     * distil's first {@code before} sources, unchanged, in the index's order.
     */
    boolean intact(int from, int to, int before) {
      int end = Math.min(to, place.length);
      if (from >= end) {
        return true;
      }
      return missing[end] - missing[from] == 0 && descents[end] - descents[from + 1] == 0 && place[end - 1] < before;
    }
  }
}
