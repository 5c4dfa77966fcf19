package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The index-operators population of the CRD catalogue's sources is what its files say it is
 * (docs/contracts.md, "condlint's bundled CRD catalogue"): {@code populations/index-operators.tsv} ranks the
 * repositories of the library's public-repository index whose name holds "operator" or "controller" by the index's
 * file_versions, and marks the ones the rule excludes with a reason that holds; four engineers read its rows
 * partitioned by rank modulo 4, each writing {@code index-operators-outcomes-pK.tsv} with one outcome per row of
 * its partition, in rank order; the sources marked with the population are exactly the rows whose outcome is a
 * source, at the commit the outcome names, with the row's rank, licensed in NOTICE, in one block sorted by rank.
 */
class IndexOperatorsTest {
  private static final String POPULATION = "index-operators";
  private static final String FILE = "populations/index-operators.tsv";
  private static final Pattern OUTCOMES_FILE = Pattern.compile("index-operators-outcomes-p(\\d+)\\.tsv");
  private static final Pattern SOURCE = Pattern.compile("(?:source )?(idx-[a-z0-9._-]+) \\((\\d+)\\)( .*)?");
  /** Outcomes of a repository that was fetched: they name the commit read. */
  private static final List<String> READ = List.of("covered", "no CRDs", "no CRD manifests",
      "no kind version with condition lists", "CRDs without condition lists", "CRDs only of another project's groups",
      "not added: no OSI license");
  /** Outcomes of a repository that was not fetched: the commit is "-". */
  private static final List<String> NOT_FETCHED = List.of("no CRD path in the index", "not read: ");
  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");
  private static final Pattern WORD = Pattern.compile("operator|controller");
  /** Folders a source never reads CRDs from (tests, examples, vendored or generated copies, docs). */
  private static final Pattern FORBIDDEN = Pattern.compile(
      "(^|/)(test|tests|testdata|e2e|examples?|samples?|vendor|third_party|hack|docs?)(/|$)");

  private record Row(int rank, String repository, int fileVersions, String excluded) {
    String owner() {
      return repository.substring(0, repository.indexOf('/')).toLowerCase(Locale.ROOT);
    }

    String name() {
      return repository.substring(repository.indexOf('/') + 1).toLowerCase(Locale.ROOT);
    }
  }

  private static List<Row> population() throws IOException {
    List<Row> rows = new ArrayList<>();
    for (String[] r : PopulationFiles.rows(FILE)) {
      assertEquals(4, r.length, String.join("\t", r));
      rows.add(new Row(Integer.parseInt(r[0]), r[1], Integer.parseInt(r[2]), r[3]));
    }
    return rows;
  }

  private static boolean isSourceOfThisPopulation(JsonNode s) {
    return POPULATION.equals(s.path("population").asText());
  }

  @Test
  void theFileStatesTheRuleAndRanksEveryNameByFileVersionsThenOwnerSlashName() throws IOException {
    List<String> lines = Files.readAllLines(PopulationFiles.DIR.resolve(FILE));
    String header = String.join("\n", lines.stream().takeWhile(l -> l.startsWith("#")).toList());
    List<Row> rows = population();

    assertTrue(header.contains("whose NAME (the part after the owner) contains \"operator\" or \"controller\""), header);
    assertTrue(header.contains("ranked by the index's own file_versions count, highest first"), header);
    assertTrue(header.contains("THRESHOLD T = 381"), header);
    assertEquals("rank\trepository\tfile_versions\texcluded", lines.get((int) header.lines().count()));
    assertEquals(1451, rows.size());
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(i + 1, rows.get(i).rank(), "ranks are 1..n in file order");
      assertTrue(WORD.matcher(rows.get(i).name()).find(), "the name holds neither word: " + rows.get(i));
      assertTrue(rows.get(i).fileVersions() >= 300, "below the listed range: " + rows.get(i));
    }
    assertEquals(rows, rows.stream().sorted(Comparator.comparingInt(Row::fileVersions).reversed()
        .thenComparing(r -> r.repository().toLowerCase(Locale.ROOT))).toList());
    assertEquals(rows.size(), rows.stream().map(r -> r.repository().toLowerCase(Locale.ROOT)).distinct().count());
  }

  @Test
  void aRowIsExcludedExactlyWhenTheRuleSaysSoAndTheReasonHolds() throws IOException {
    Map<String, String> otherSources = new HashMap<>();
    for (JsonNode s : PopulationFiles.sources()) {
      if (!isSourceOfThisPopulation(s)) {
        otherSources.putIfAbsent(s.path("repository").asText().toLowerCase(Locale.ROOT), s.path("id").asText());
      }
    }
    Map<String, String> readBy = new HashMap<>();
    List<Path> outcomeFiles = new ArrayList<>(List.of(PopulationFiles.DIR.resolve("cncf-outcomes.tsv"),
        PopulationFiles.DIR.resolve("awesome-outcomes.tsv")));
    try (Stream<Path> files = Files.list(PopulationFiles.DIR.resolve("populations"))) {
      files.filter(p -> p.getFileName().toString().endsWith("-outcomes.tsv")).sorted().forEach(outcomeFiles::add);
    }
    for (Path f : outcomeFiles) {
      String population = f.getFileName().toString().replace("-outcomes.tsv", "");
      for (String[] r : PopulationFiles.rows(PopulationFiles.DIR.relativize(f).toString())) {
        readBy.putIfAbsent(r[0].toLowerCase(Locale.ROOT), population);
      }
    }
    Map<String, String> cncfOwners = new HashMap<>();
    for (String[] r : PopulationFiles.rows("populations/cncf-org-population.tsv")) {
      cncfOwners.putIfAbsent(r[2].toLowerCase(Locale.ROOT), r[1]);
    }

    int excluded = 0;
    for (Row row : population()) {
      String repository = row.repository().toLowerCase(Locale.ROOT);
      String expected = otherSources.containsKey(repository) ? "already a source: " + otherSources.get(repository)
          : readBy.containsKey(repository) ? "already read by the " + readBy.get(repository) + " population"
          : Set.of("kubernetes", "kubernetes-sigs").contains(row.owner())
              ? "owner " + row.owner() + ": read by the k8s-* population"
          : cncfOwners.containsKey(row.owner()) ? "owner " + row.owner() + " is a CNCF organisation ("
              + cncfOwners.get(row.owner()) + "): read by the cncf-org population"
          : "";
      assertEquals(expected, row.excluded(), row.repository());
      excluded += expected.isEmpty() ? 0 : 1;
    }
    assertEquals(78, excluded);
  }

  @Test
  void everyOutcomesFileHasOneOutcomeForEachRowOfItsPartitionInRankOrder() throws IOException {
    List<Row> rows = population();
    List<Path> files = outcomesFiles();
    for (Path f : files) {
      Matcher name = OUTCOMES_FILE.matcher(f.getFileName().toString());
      assertTrue(name.matches());
      int k = Integer.parseInt(name.group(1)) % 4;
      List<String> partition = rows.stream().filter(r -> r.rank() % 4 == k && r.excluded().isEmpty())
          .map(Row::repository).toList();
      List<String[]> outcomes = PopulationFiles.rows("populations/" + f.getFileName());

      assertEquals(partition, outcomes.stream().map(r -> r[0]).toList(), f.getFileName().toString());
      for (String[] r : outcomes) {
        assertEquals(3, r.length, String.join("\t", r));
        boolean source = SOURCE.matcher(r[2]).matches();
        boolean read = READ.stream().anyMatch(r[2]::startsWith);
        boolean notFetched = NOT_FETCHED.stream().anyMatch(r[2]::startsWith);
        assertTrue(source || read || notFetched, "an outcome outside the vocabulary: " + String.join("\t", r));
        assertEquals(source || read, COMMIT.matcher(r[1]).matches(), "a fetched repository names its commit: " + r[0]);
        assertEquals(notFetched, r[1].equals("-"), "a repository not fetched has the commit -: " + r[0]);
      }
    }
  }

  @Test
  void theSourcesAreExactlyTheRowsWhoseOutcomeIsASourceAtThatCommitAndRank() throws IOException {
    Map<String, Integer> rank = new HashMap<>();
    population().forEach(r -> rank.put(r.repository(), r.rank()));
    Set<String> fromOutcomes = new HashSet<>();
    for (Path f : outcomesFiles()) {
      for (String[] r : PopulationFiles.rows("populations/" + f.getFileName())) {
        Matcher m = SOURCE.matcher(r[2]);
        if (m.matches()) {
          assertTrue(Integer.parseInt(m.group(2)) > 0, "a source that adds no kind version: " + r[0]);
          assertTrue(fromOutcomes.add(m.group(1) + " " + r[0] + "@" + r[1] + " rank " + rank.get(r[0])),
              "two outcomes name " + m.group(1));
        }
      }
    }
    Set<String> fromSources = new HashSet<>();
    String notice = Files.readString(Path.of("../NOTICE")).replaceAll("\\s+", " ");
    for (JsonNode s : PopulationFiles.sources()) {
      if (isSourceOfThisPopulation(s)) {
        String repository = s.path("repository").asText();
        String commit = s.path("commit").asText();
        assertTrue(fromSources.add(s.path("id").asText() + " " + repository + "@" + commit
            + " rank " + s.path("rank").asInt()), s.path("id").asText());
        assertEquals("crd-manifests", s.path("layout").asText(), repository);
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

  @Test
  void theSourcesAreOneBlockSortedByRank() throws IOException {
    List<JsonNode> sources = PopulationFiles.sources();
    List<Integer> positions = new ArrayList<>();
    for (int i = 0; i < sources.size(); i++) {
      if (isSourceOfThisPopulation(sources.get(i))) {
        positions.add(i);
      }
    }
    if (positions.isEmpty()) {
      return;
    }
    assertEquals(positions.get(positions.size() - 1) - positions.get(0) + 1, positions.size(), "one block");
    List<Integer> ranks = positions.stream().map(i -> sources.get(i).path("rank").asInt()).toList();
    assertEquals(ranks.stream().sorted().toList(), ranks, "sorted by rank");
  }

  private static List<Path> outcomesFiles() throws IOException {
    try (Stream<Path> files = Files.list(PopulationFiles.DIR.resolve("populations"))) {
      return files.filter(p -> OUTCOMES_FILE.matcher(p.getFileName().toString()).matches()).sorted().toList();
    }
  }
}
