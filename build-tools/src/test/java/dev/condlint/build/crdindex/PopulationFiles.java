package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Reads what the population tests hold to: a population's tab-separated files and the sources of sources.json. */
final class PopulationFiles {
  static final Path DIR = Path.of("crd-index");
  /** The held-out sets, whose groups no population may add. */
  static final Path HELD_OUT = Path.of("..", "benchmarks", "heldout");
  /** The bundled index's files, one per group. */
  static final Path INDEX = Path.of("..", "rules", "src", "main", "resources", "dev", "condlint", "rules",
      "schema", "crd-index", "groups");

  /** Outcomes of a repository that was fetched: they name the commit read. */
  static final List<String> READ = List.of("covered", "no CRDs", "no CRD manifests",
      "no kind version with condition lists", "CRDs without condition lists", "CRDs only of another project's groups",
      "not added: no OSI license");
  /** Outcomes of a repository that was not fetched: the commit is "-". */
  static final List<String> NOT_FETCHED = List.of("no CRD path in the index", "not read: ");
  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");
  /** Folders a source never reads CRDs from (tests, examples, vendored or generated copies, docs). */
  private static final Pattern FORBIDDEN = Pattern.compile(
      "(^|/)(test|tests|testdata|e2e|examples?|samples?|vendor|third_party|hack|docs?)(/|$)");

  /**
   * Populations that came after the index populations and read their rows again another way (go-types: the Go API
   * types of the rows that read "no CRD manifests"): neither their sources nor their outcomes exclude a row of those.
   */
  static final Set<String> REREADS = Set.of("go-types");

  /**
   * Populations enumerated after the index populations had fixed their rows, with their own exclusion rule (they exclude
   * what the earlier ones read, never the reverse): their sources and outcomes exclude no row of the earlier ones.
   */
  static final Set<String> LATER = Set.of("kubebuilder-layout", "source-owners");

  private PopulationFiles() {}

  /** A row of a ranked population file (rank, repository, file_versions, excluded). */
  record Ranked(int rank, String repository, int fileVersions, String excluded) {
    String owner() {
      return repository.substring(0, repository.indexOf('/')).toLowerCase(Locale.ROOT);
    }

    String name() {
      return repository.substring(repository.indexOf('/') + 1).toLowerCase(Locale.ROOT);
    }
  }

  /** One column of a tab-separated file with a header line, without blank and {@code #} lines; once each if distinct. */
  static List<String> column(Path file, String name, boolean distinct) throws IOException {
    List<String> lines = Files.readAllLines(file).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    int at = List.of(lines.get(0).split("\t", -1)).indexOf(name);
    Set<String> seen = new HashSet<>();
    List<String> out = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String cell = line.split("\t", -1)[at];
      if (!distinct || seen.add(cell)) {
        out.add(cell);
      }
    }
    return out;
  }

  /** The rows of a tab-separated file below crd-index/, without blank lines, {@code #} comments and the header. */
  /**
   * Adds to {@code why} (repository in lower case to the reason, the first reason kept) every repository of the
   * held-out sets' manifests and of the held-out populations: measurement only, never a source.
   */
  static void putHeldOutExclusions(Map<String, String> why) throws IOException {
    for (String set : List.of("manifest.tsv", "set2/manifest.tsv", "set3/manifest.tsv")) {
      for (String repository : column(HELD_OUT.resolve(set), "repository", true)) {
        why.putIfAbsent(repository.toLowerCase(Locale.ROOT),
            "a repository of a held-out set (benchmarks/heldout/" + set + ")");
      }
    }
    for (String set : List.of("population.tsv", "set2/population.tsv", "set3/population.tsv")) {
      for (String repository : column(HELD_OUT.resolve(set), "repository", true)) {
        why.putIfAbsent(repository.toLowerCase(Locale.ROOT),
            "a row of a held-out population (benchmarks/heldout/" + set + ")");
      }
    }
  }

  static List<String[]> rows(String file) throws IOException {
    return Files.readAllLines(DIR.resolve(file)).stream()
        .filter(line -> !line.isBlank() && !line.startsWith("#"))
        .skip(1) // the header
        .map(line -> line.split("\t", -1))
        .toList();
  }

  /** The {@code #} lines that open a file below crd-index/, joined by newlines: a population's stated rule. */
  static String header(String file) throws IOException {
    return String.join("\n", Files.readAllLines(DIR.resolve(file)).stream().takeWhile(l -> l.startsWith("#")).toList());
  }

  /** The rows of a ranked population file. */
  static List<Ranked> ranked(String file) throws IOException {
    List<Ranked> rows = new ArrayList<>();
    for (String[] r : rows(file)) {
      assertEquals(4, r.length, String.join("\t", r));
      rows.add(new Ranked(Integer.parseInt(r[0]), r[1], Integer.parseInt(r[2]), r[3]));
    }
    return rows;
  }

  /**
   * A ranked population file lists its rows under the header line "rank, repository, file_versions, excluded", ranked
   * 1..n in file order by file_versions, highest first, ties by owner/name (case-insensitive), each repository once;
   * every name matches {@code name}, at {@code listedFrom} file versions or more (the enumeration's range).
   */
  static void assertRankedByFileVersions(String file, Pattern name, int listedFrom) throws IOException {
    assertRankedByFileVersions(file, name, Pattern.compile("(?!)"), listedFrom); // (?!) matches nothing
  }

  /**
   * As {@link #assertRankedByFileVersions(String, Pattern, int)}, and no name matches {@code othersNames}: the names
   * the rules of earlier populations own.
   */
  static void assertRankedByFileVersions(String file, Pattern name, Pattern othersNames, int listedFrom)
      throws IOException {
    List<String> lines = Files.readAllLines(DIR.resolve(file));
    List<Ranked> rows = ranked(file);
    assertEquals("rank\trepository\tfile_versions\texcluded", lines.get((int) header(file).lines().count()));
    for (int i = 0; i < rows.size(); i++) {
      Ranked row = rows.get(i);
      assertEquals(i + 1, row.rank(), "ranks are 1..n in file order");
      assertTrue(name.matcher(row.name()).find(), "the name matches none of the rule's patterns: " + row);
      assertFalse(othersNames.matcher(row.name()).find(), "a name another population's rule owns: " + row);
      assertTrue(row.fileVersions() >= listedFrom, "below the listed range: " + row);
    }
    assertEquals(rows, rows.stream().sorted(Comparator.comparingInt(Ranked::fileVersions).reversed()
        .thenComparing(r -> r.repository().toLowerCase(Locale.ROOT))).toList());
    assertEquals(rows.size(), rows.stream().map(r -> r.repository().toLowerCase(Locale.ROOT)).distinct().count());
  }

  /** Each row's "excluded" column is what {@link #exclusionRule} says of it; returns how many rows are excluded. */
  static int assertExcludedExactlyByTheRule(String population, String file) throws IOException {
    UnaryOperator<String> rule = exclusionRule(population);
    int excluded = 0;
    for (Ranked row : ranked(file)) {
      String expected = rule.apply(row.repository());
      assertEquals(expected, row.excluded(), row.repository());
      excluded += expected.isEmpty() ? 0 : 1;
    }
    return excluded;
  }

  /** The entries of sources.json, in their order. */
  static List<JsonNode> sources() throws IOException {
    List<JsonNode> out = new ArrayList<>();
    new ObjectMapper().readTree(DIR.resolve("sources.json").toFile()).path("sources").forEach(out::add);
    return out;
  }

  /**
   * The exclusion rule of the index populations: for a repository (owner/name), the reason it is excluded before
   * reading, or "" if it is not: already a source of another population, already read by an earlier population (its
   * outcomes file lists it), owned by kubernetes / kubernetes-sigs, or owned by a CNCF organisation.
   */
  static UnaryOperator<String> exclusionRule(String population) throws IOException {
    Map<String, String> otherSources = new HashMap<>();
    for (JsonNode s : sources()) {
      if (!population.equals(s.path("population").asText()) && !REREADS.contains(s.path("population").asText())
          && !LATER.contains(s.path("population").asText())) {
        otherSources.putIfAbsent(s.path("repository").asText().toLowerCase(Locale.ROOT), s.path("id").asText());
      }
    }
    Map<String, String> readBy = new HashMap<>();
    List<Path> outcomeFiles = new ArrayList<>(List.of(DIR.resolve("cncf-outcomes.tsv"),
        DIR.resolve("awesome-outcomes.tsv")));
    try (Stream<Path> files = Files.list(DIR.resolve("populations"))) {
      files.filter(p -> p.getFileName().toString().endsWith("-outcomes.tsv")).sorted().forEach(outcomeFiles::add);
    }
    for (Path f : outcomeFiles) {
      String reader = f.getFileName().toString().replace("-outcomes.tsv", "");
      if (reader.equals(population) || reader.equals("aggregates") || REREADS.contains(reader)) {
        continue; // the aggregates population came after these and judged a repository as a catalogue, not a project
      }
      if (LATER.contains(reader)) {
        continue; // enumerated after these populations' rows were fixed: its reading excludes none of them
      }
      for (String[] r : rows(DIR.relativize(f).toString())) {
        readBy.putIfAbsent(r[0].toLowerCase(Locale.ROOT), reader);
      }
    }
    Map<String, String> cncfOwners = new HashMap<>();
    for (String[] r : rows("populations/cncf-org-population.tsv")) {
      cncfOwners.putIfAbsent(r[2].toLowerCase(Locale.ROOT), r[1]);
    }
    return repository -> {
      String key = repository.toLowerCase(Locale.ROOT);
      String owner = key.substring(0, key.indexOf('/'));
      return otherSources.containsKey(key) ? "already a source: " + otherSources.get(key)
          : readBy.containsKey(key) ? "already read by the " + readBy.get(key) + " population"
          : Set.of("kubernetes", "kubernetes-sigs").contains(owner)
              ? "owner " + owner + ": read by the k8s-* population"
          : cncfOwners.containsKey(owner) ? "owner " + owner + " is a CNCF organisation ("
              + cncfOwners.get(owner) + "): read by the cncf-org population"
          : "";
    };
  }

  /** An outcome row (repository, commit, outcome) is of the vocabulary, and names its commit exactly if fetched. */
  static void assertOutcome(String[] r, Pattern source) {
    assertEquals(3, r.length, String.join("\t", r));
    boolean isSource = source.matcher(r[2]).matches();
    boolean read = READ.stream().anyMatch(r[2]::startsWith);
    boolean notFetched = NOT_FETCHED.stream().anyMatch(r[2]::startsWith);
    assertTrue(isSource || read || notFetched, "an outcome outside the vocabulary: " + String.join("\t", r));
    assertEquals(isSource || read, COMMIT.matcher(r[1]).matches(), "a fetched repository names its commit: " + r[0]);
    assertEquals(notFetched, r[1].equals("-"), "a repository not fetched has the commit -: " + r[0]);
  }

  /** The outcomes file has one outcome of the vocabulary for each row of the ranked file not excluded, in rank order. */
  static void assertOneOutcomePerRowNotExcluded(String file, String outcomesFile, Pattern source) throws IOException {
    List<String> notExcluded = ranked(file).stream().filter(r -> r.excluded().isEmpty()).map(Ranked::repository)
        .toList();
    List<String[]> outcomes = rows(outcomesFile);
    assertEquals(notExcluded, outcomes.stream().map(r -> r[0]).toList());
    outcomes.forEach(r -> assertOutcome(r, source));
  }

  /** {@link #assertSourcesAreTheSourceOutcomes} with each row's rank read from the ranked file. */
  static void assertSourcesAreTheSourceOutcomes(String population, String file, String outcomesFile, Pattern source)
      throws IOException {
    Map<String, Integer> rank = new HashMap<>();
    ranked(file).forEach(r -> rank.put(r.repository(), r.rank()));
    assertSourcesAreTheSourceOutcomes(population, rank, rows(outcomesFile), source);
  }

  /**
   * The sources of sources.json marked with the population are exactly the outcomes that are a source (group 1 of
   * {@code source}: the id, group 2: the kind versions it adds, above 0), at the outcome's commit and the row's rank;
   * each reads CRD manifests (or the population's layout) from named folders that are none a source never reads, under a
   * license, in NOTICE.
   */
  static void assertSourcesAreTheSourceOutcomes(String population, Map<String, Integer> rank, List<String[]> outcomes,
      Pattern source) throws IOException {
    assertSourcesAreTheSourceOutcomes(population, rank, outcomes, source, "crd-manifests");
  }

  /** {@link #assertSourcesAreTheSourceOutcomes}, the population's sources being of {@code layout}. */
  static void assertSourcesAreTheSourceOutcomes(String population, Map<String, Integer> rank, List<String[]> outcomes,
      Pattern source, String layout) throws IOException {
    Set<String> fromOutcomes = new HashSet<>();
    for (String[] r : outcomes) {
      Matcher m = source.matcher(r[2]);
      if (m.matches()) {
        assertTrue(Integer.parseInt(m.group(2)) > 0, "a source that adds no kind version: " + r[0]);
        assertTrue(fromOutcomes.add(m.group(1) + " " + r[0] + "@" + r[1] + " rank " + rank.get(r[0])),
            "two outcomes name " + m.group(1));
      }
    }
    Set<String> fromSources = new HashSet<>();
    String notice = Files.readString(Path.of("../NOTICE")).replaceAll("\\s+", " ");
    for (JsonNode s : sources()) {
      if (population.equals(s.path("population").asText())) {
        String repository = s.path("repository").asText();
        String commit = s.path("commit").asText();
        assertTrue(fromSources.add(s.path("id").asText() + " " + repository + "@" + commit
            + " rank " + s.path("rank").asInt()), s.path("id").asText());
        assertEquals(layout, s.path("layout").asText(), repository);
        assertFalse(s.path("license").asText().isBlank(), repository);
        assertFalse(s.path("include").isEmpty(), repository + " names the folders it reads");
        s.path("include").forEach(glob -> assertFalse(FORBIDDEN.matcher(glob.asText()).find(),
            repository + " reads from a folder a source never reads: " + glob.asText()));
        assertTrue(notice.contains("https://github.com/" + repository + " at " + commit),
            repository + "@" + commit + " is not in NOTICE");
      }
    }
    assertEquals(fromOutcomes, fromSources);
  }

  /**
   * The population's sources form one block sorted by rank, followed directly by the first source of {@code next}
   * (the population that comes after it), or last of all in sources.json while no source is of {@code next}.
   */
  static void assertOneBlockFollowedBy(String population, String next) throws IOException {
    List<JsonNode> sources = sources();
    if (sources.stream().noneMatch(s -> next.equals(s.path("population").asText()))) {
      assertOneBlockAtTheEnd(population);
      return;
    }
    List<Integer> positions = assertOneBlockSortedByRank(population);
    assertFalse(positions.isEmpty(), population + " has sources");
    assertEquals(next, sources.get(positions.get(positions.size() - 1) + 1).path("population").asText(),
        "the block right after " + population + "'s");
  }

  /** The population's sources form one block sorted by rank, the last of sources.json. */
  static void assertOneBlockAtTheEnd(String population) throws IOException {
    List<Integer> positions = assertOneBlockSortedByRank(population);
    assertFalse(positions.isEmpty(), population + " has sources");
    assertEquals(sources().size() - 1, positions.get(positions.size() - 1), population + "'s block is the last");
  }

  /** The positions in sources.json of the population's sources, which form one block sorted by rank. */
  static List<Integer> assertOneBlockSortedByRank(String population) throws IOException {
    List<JsonNode> sources = sources();
    List<Integer> positions = new ArrayList<>();
    for (int i = 0; i < sources.size(); i++) {
      if (population.equals(sources.get(i).path("population").asText())) {
        positions.add(i);
      }
    }
    if (positions.isEmpty()) {
      return positions;
    }
    assertEquals(positions.get(positions.size() - 1) - positions.get(0) + 1, positions.size(), "one block");
    List<Integer> ranks = positions.stream().map(i -> sources.get(i).path("rank").asInt()).toList();
    assertEquals(ranks.stream().sorted().toList(), ranks, "sorted by rank");
    return positions;
  }

  /**
   * What the population's sources (ids starting with {@code idPrefix}) add to the index: their kind versions by source,
   * asserted equal to what the outcomes say each adds ({@code source}'s groups 1 and 2: id and count) and asserted to
   * be of no API group the held-out manifests name.
   */
  static Map<String, Integer> assertIndexAddsWhatTheOutcomesCountOfNoHeldOutGroup(String idPrefix, List<String[]> outcomes,
      Pattern source) throws IOException {
    Map<String, Integer> fromOutcomes = new TreeMap<>();
    for (String[] r : outcomes) {
      Matcher m = source.matcher(r[2]);
      if (m.matches()) {
        fromOutcomes.put(m.group(1), Integer.parseInt(m.group(2)));
      }
    }
    Set<String> heldOutGroups = heldOutGroups();
    Map<String, Integer> added = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    try (Stream<Path> list = Files.list(INDEX)) {
      for (Path file : list.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
        JsonNode group = json.readTree(file.toFile());
        for (JsonNode kind : group.path("kinds")) {
          for (JsonNode version : kind.path("versions")) {
            String id = version.path("source").asText();
            if (id.startsWith(idPrefix)) {
              added.merge(id, 1, Integer::sum);
              assertFalse(heldOutGroups.contains(group.path("group").asText()),
                  "a held-out group reaches the index through " + id + ": " + group.path("group").asText());
            }
          }
        }
      }
    }
    assertEquals(fromOutcomes, added, "each source's kind versions in the index are its outcome's count");
    return added;
  }

  /** The API groups of the held-out manifests' entries (a CRD's group, an object's apiVersion group), built-in ones too. */
  static Set<String> heldOutGroups() throws IOException {
    Set<String> groups = new HashSet<>();
    for (String manifest : List.of("manifest.tsv", "set2/manifest.tsv", "set3/manifest.tsv")) {
      List<String> kinds = column(HELD_OUT.resolve(manifest), "kind", false);
      List<String> apiVersions = column(HELD_OUT.resolve(manifest), "apiVersion", false);
      List<String> entries = column(HELD_OUT.resolve(manifest), "entry", false);
      for (int i = 0; i < kinds.size(); i++) {
        String group = entries.get(i).equals("crd")
            ? kinds.get(i).contains(".") ? kinds.get(i).substring(kinds.get(i).indexOf('.') + 1) : ""
            : apiVersions.get(i).contains("/") ? apiVersions.get(i).substring(0, apiVersions.get(i).indexOf('/')) : "";
        if (!group.isEmpty()) {
          groups.add(group);
        }
      }
    }
    assertTrue(groups.size() > 100, "the held-out manifests name their groups: " + groups.size());
    return groups;
  }
}
