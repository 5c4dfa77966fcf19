package dev.condlint.build.crdindex;

import static dev.condlint.build.crdindex.PopulationFiles.HELD_OUT;
import static dev.condlint.build.crdindex.PopulationFiles.INDEX;
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
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The aggregates population of the CRD catalogue's sources (catalogues that collect other projects' CRDs) is what its
 * files say it is: {@code populations/aggregates.tsv} states the rule, ranks the two named catalogues and every
 * repository the 14 fixed name fragments' answers list, and excludes exactly the other sources, the held-out sets'
 * repositories and the reserved populations' rows; {@code aggregates-outcomes.tsv} has one outcome per row not excluded;
 * the sources marked with the population are exactly the source outcomes, licensed in NOTICE, the last block of
 * sources.json but split-api's; each catalogue's exclude globs are the ones its held-out copies rule derived, and no kind version the
 * population adds to the bundled index is of a held-out group.
 */
class AggregatesTest {
  private static final String POPULATION = "aggregates";
  private static final String FILE = "populations/aggregates.tsv";
  private static final String OUTCOMES = "populations/aggregates-outcomes.tsv";
  private static final String EXCLUDES = "populations/aggregates-heldout-excludes.tsv";
  private static final List<String> NAMED = List.of("k8s-operatorhub/community-operators",
      "operator-framework/community-operators");
  private static final List<String> FRAGMENTS = List.of("crds-catalog", "crd-catalog", "crd-schemas", "crds-schemas",
      "kubernetes-schemas", "k8s-schemas", "json-schemas", "operatorhub", "community-operators", "certified-operators",
      "operator-catalog", "operator-bundles", "crd-collection", "crds-collection");
  private static final Pattern SOURCE = Pattern.compile("source (agg-[a-z0-9._-]+) \\((\\d+)\\)");
  /** Outcomes of a fetched repository (they name its commit); "no aggregate: " may be judged either way. */
  private static final List<String> FETCHED = List.of("covered", "no CRD manifests",
      "no kind version with condition lists", "not added: no OSI license", "not readable: ");
  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");

  @Test
  void theFileStatesTheRuleAndRanksTheNamedTwoThenEveryAnswerByFileVersionsThenOwnerSlashName() throws IOException {
    String header = PopulationFiles.header(FILE);
    assertTrue(header.contains("RULE: an AGGREGATE source is a public GitHub repository whose purpose is to collect "
        + "OTHER projects' CRDs or operator\n#   bundles"), header);
    for (String fragment : FRAGMENTS) {
      assertTrue(header.contains("\"" + fragment + "\""), fragment + " is a stated fragment");
    }
    List<PopulationFiles.Ranked> rows = PopulationFiles.ranked(FILE);
    assertEquals(NAMED, rows.subList(0, 2).stream().map(PopulationFiles.Ranked::repository).toList());
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(i + 1, rows.get(i).rank());
    }
    List<PopulationFiles.Ranked> answered = rows.subList(2, rows.size());
    assertEquals(answered.stream().sorted(Comparator.comparingInt(PopulationFiles.Ranked::fileVersions).reversed()
        .thenComparing(r -> r.repository().toLowerCase(Locale.ROOT))).toList(), answered);
    answered.forEach(r -> assertTrue(FRAGMENTS.stream().anyMatch(f -> r.repository().toLowerCase(Locale.ROOT)
        .contains(f)), "no fragment of the rule: " + r));
    assertEquals(rows.size(), rows.stream().map(r -> r.repository().toLowerCase(Locale.ROOT)).distinct().count());
    assertEquals(188, rows.size());
  }

  @Test
  void aRowIsExcludedExactlyWhenItIsAnotherSourceAHeldOutRepositoryOrAReservedRow() throws IOException {
    Map<String, String> otherSources = new HashMap<>();
    for (JsonNode s : PopulationFiles.sources()) {
      if (!POPULATION.equals(s.path("population").asText())) {
        otherSources.putIfAbsent(s.path("repository").asText().toLowerCase(Locale.ROOT), s.path("id").asText());
      }
    }
    Map<String, Integer> heldOut = new HashMap<>();
    List<Path> manifests = List.of(HELD_OUT.resolve("manifest.tsv"), HELD_OUT.resolve("set2/manifest.tsv"),
        HELD_OUT.resolve("set3/manifest.tsv"));
    for (int n = 0; n < manifests.size(); n++) {
      for (Map<String, String> r : table(manifests.get(n))) {
        heldOut.putIfAbsent(r.get("repository").toLowerCase(Locale.ROOT), n + 1);
      }
    }
    Map<String, String> reserved = new HashMap<>();
    table(HELD_OUT.resolve("population.tsv")).forEach(r -> reserved.putIfAbsent(
        r.get("repository").toLowerCase(Locale.ROOT), "index-operators rank 1201 on, held-out population 1"));
    table(HELD_OUT.resolve("set2/population.tsv")).forEach(r -> reserved.putIfAbsent(
        r.get("repository").toLowerCase(Locale.ROOT), "cncf-org round 2, held-out population 2"));
    table(HELD_OUT.resolve("set3/population.tsv")).stream()
        .filter(r -> r.get("excluded").isEmpty() && r.get("source").isEmpty())
        .forEach(r -> reserved.putIfAbsent(r.get("repository").toLowerCase(Locale.ROOT), "held-out population 3"));

    int excluded = 0;
    for (PopulationFiles.Ranked row : PopulationFiles.ranked(FILE)) {
      String key = row.repository().toLowerCase(Locale.ROOT);
      String expected = otherSources.containsKey(key) ? "already a source: " + otherSources.get(key)
          : heldOut.containsKey(key) ? "a repository of held-out set " + heldOut.get(key)
          : reserved.containsKey(key) ? "reserved: " + reserved.get(key)
          : "";
      assertEquals(expected, row.excluded(), row.repository());
      excluded += expected.isEmpty() ? 0 : 1;
    }
    assertEquals(3, excluded);
  }

  @Test
  void theOutcomesFileHasOneOutcomeOfTheVocabularyForEachRowNotExcludedInRankOrder() throws IOException {
    List<String> notExcluded = PopulationFiles.ranked(FILE).stream().filter(r -> r.excluded().isEmpty())
        .map(PopulationFiles.Ranked::repository).toList();
    List<String[]> outcomes = PopulationFiles.rows(OUTCOMES);
    assertEquals(notExcluded, outcomes.stream().map(r -> r[0]).toList());
    for (String[] r : outcomes) {
      assertEquals(3, r.length, String.join("\t", r));
      boolean fetched = SOURCE.matcher(r[2]).matches() || FETCHED.stream().anyMatch(r[2]::startsWith);
      boolean notFetched = r[2].startsWith("not read: ");
      boolean judged = r[2].startsWith("no aggregate: ");
      assertTrue(fetched || notFetched || judged, "an outcome outside the vocabulary: " + String.join("\t", r));
      if (fetched) {
        assertTrue(COMMIT.matcher(r[1]).matches(), "a fetched repository names its commit: " + r[0]);
      } else if (notFetched) {
        assertEquals("-", r[1], "a repository not fetched has the commit -: " + r[0]);
      } else {
        assertTrue(r[1].equals("-") || COMMIT.matcher(r[1]).matches(), r[0]);
      }
    }
  }

  @Test
  void theSourcesAreExactlyTheSourceOutcomesAtTheirCommitAndRankInNoticeAndOneBlockBeforeSplitApiSortedByRank()
      throws IOException {
    Map<String, Integer> rank = new HashMap<>();
    PopulationFiles.ranked(FILE).forEach(r -> rank.put(r.repository(), r.rank()));
    Set<String> fromOutcomes = new TreeSet<>();
    for (String[] r : PopulationFiles.rows(OUTCOMES)) {
      Matcher m = SOURCE.matcher(r[2]);
      if (m.matches()) {
        assertTrue(Integer.parseInt(m.group(2)) > 0, "a source that adds no kind version: " + r[0]);
        fromOutcomes.add(m.group(1) + " " + r[0] + "@" + r[1] + " rank " + rank.get(r[0]));
      }
    }
    String notice = Files.readString(Path.of("../NOTICE")).replaceAll("\\s+", " ");
    Set<String> fromSources = new TreeSet<>();
    for (JsonNode s : PopulationFiles.sources()) {
      if (POPULATION.equals(s.path("population").asText())) {
        String repository = s.path("repository").asText();
        String commit = s.path("commit").asText();
        fromSources.add(s.path("id").asText() + " " + repository + "@" + commit + " rank " + s.path("rank").asInt());
        assertFalse(s.path("license").asText().isBlank(), repository);
        assertTrue(notice.contains("https://github.com/" + repository + " at " + commit),
            repository + "@" + commit + " is not in NOTICE");
      }
    }
    assertEquals(fromOutcomes, fromSources);
    assertEquals(5, fromSources.size());
    PopulationFiles.assertOneBlockFollowedBy(POPULATION, "split-api");
  }

  /**
   * A catalogue source (one read by newest release, or of JSON Schemas by group) excludes, besides the groups condlint's
   * catalogue declares by pattern, exactly the folders the held-out copies rule gave it, each for a held-out group.
   */
  @Test
  void eachCatalogueExcludesExactlyTheFoldersTheHeldOutCopiesRuleGaveItEachForAHeldOutGroup() throws IOException {
    Set<String> groups = heldOutGroups();
    Map<String, Set<String>> recorded = new TreeMap<>();
    for (String[] r : PopulationFiles.rows(EXCLUDES)) {
      assertEquals(3, r.length, String.join("\t", r));
      for (String group : r[2].split(",")) {
        assertTrue(groups.contains(group), "not a held-out group: " + group + " (" + r[1] + ")");
      }
      recorded.computeIfAbsent(r[0], k -> new TreeSet<>()).add(r[1]);
    }
    Map<String, Set<String>> declared = new TreeMap<>();
    for (JsonNode s : PopulationFiles.sources()) {
      boolean catalogue = s.hasNonNull("newest") || "json-schemas".equals(s.path("layout").asText());
      if (POPULATION.equals(s.path("population").asText()) && catalogue) {
        Set<String> globs = new TreeSet<>();
        s.path("exclude").forEach(g -> {
          if (!g.asText().contains(".upbound.io")) {
            globs.add(g.asText());
          }
        });
        declared.put(s.path("id").asText(), globs);
      }
    }
    declared.values().removeIf(Set::isEmpty);
    assertEquals(recorded, declared);
    assertEquals(Set.of("agg-operator-framework-community-operators", "agg-lcogt-k8s-crd-schemas",
        "agg-zekihan-crds-catalog", "agg-pauloconnor-crds-catalog"), declared.keySet());
  }

  @Test
  void noKindVersionThePopulationAddsToTheBundledIndexIsOfAHeldOutGroup() throws IOException {
    Set<String> groups = heldOutGroups();
    ObjectMapper json = new ObjectMapper();
    Map<String, Integer> added = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> list = Files.list(INDEX)) {
      files = list.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    for (Path file : files) {
      JsonNode group = json.readTree(file.toFile());
      for (JsonNode kind : group.path("kinds")) {
        for (JsonNode version : kind.path("versions")) {
          String source = version.path("source").asText();
          if (source.startsWith("agg-")) {
            assertFalse(groups.contains(group.path("group").asText()),
                "a held-out group reaches the index through " + source + ": " + group.path("group").asText());
            added.merge(source, 1, Integer::sum);
          }
        }
      }
    }
    Map<String, Integer> fromOutcomes = new TreeMap<>();
    for (String[] r : PopulationFiles.rows(OUTCOMES)) {
      Matcher m = SOURCE.matcher(r[2]);
      if (m.matches()) {
        fromOutcomes.put(m.group(1), Integer.parseInt(m.group(2)));
      }
    }
    assertEquals(fromOutcomes, added, "each source's kind versions in the index are its outcome's count");
  }

  /** The API groups of the held-out manifests' entries (a CRD's group, an object's apiVersion group), not built-in. */
  private static Set<String> heldOutGroups() throws IOException {
    Set<String> groups = new HashSet<>();
    for (String manifest : List.of("manifest.tsv", "set2/manifest.tsv", "set3/manifest.tsv")) {
      for (Map<String, String> r : table(HELD_OUT.resolve(manifest))) {
        String group;
        if (r.get("entry").equals("crd")) {
          String kind = r.get("kind");
          group = kind.contains(".") ? kind.substring(kind.indexOf('.') + 1) : "";
        } else {
          String apiVersion = r.get("apiVersion");
          group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
        }
        if (group.contains(".") && !group.endsWith(".k8s.io")) {
          groups.add(group);
        }
      }
    }
    assertEquals(128, groups.size());
    return groups;
  }

  /** The rows of a tab-separated file with a header line, by column name, without blank and {@code #} lines. */
  private static List<Map<String, String>> table(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file).stream()
        .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    String[] header = lines.get(0).split("\t", -1);
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split("\t", -1);
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.length; i++) {
        row.put(header[i], i < cells.length ? cells[i] : "");
      }
      rows.add(row);
    }
    return rows;
  }
}
