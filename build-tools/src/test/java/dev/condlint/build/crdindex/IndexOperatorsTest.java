package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.build.crdindex.PopulationFiles.Ranked;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
  private static final Pattern WORD = Pattern.compile("operator|controller");

  private static List<Ranked> population() throws IOException {
    return PopulationFiles.ranked(FILE);
  }

  @Test
  void theFileStatesTheRuleAndRanksEveryNameByFileVersionsThenOwnerSlashName() throws IOException {
    String header = PopulationFiles.header(FILE);

    assertTrue(header.contains("whose NAME (the part after the owner) contains \"operator\" or \"controller\""), header);
    assertTrue(header.contains("ranked by the index's own file_versions count, highest first"), header);
    assertTrue(header.contains("THRESHOLD T = 381"), header);
    PopulationFiles.assertRankedByFileVersions(FILE, WORD, 300);
    assertEquals(1451, population().size());
  }

  @Test
  void aRowIsExcludedExactlyWhenTheRuleSaysSoAndTheReasonHolds() throws IOException {
    assertEquals(78, PopulationFiles.assertExcludedExactlyByTheRule(POPULATION, FILE));
  }

  @Test
  void everyOutcomesFileHasOneOutcomeForEachRowOfItsPartitionInRankOrder() throws IOException {
    List<Ranked> rows = population();
    List<Path> files = outcomesFiles();
    for (Path f : files) {
      Matcher name = OUTCOMES_FILE.matcher(f.getFileName().toString());
      assertTrue(name.matches());
      int k = Integer.parseInt(name.group(1)) % 4;
      List<String> partition = rows.stream().filter(r -> r.rank() % 4 == k && r.excluded().isEmpty())
          .map(Ranked::repository).toList();
      List<String[]> outcomes = PopulationFiles.rows("populations/" + f.getFileName());

      assertEquals(partition, outcomes.stream().map(r -> r[0]).toList(), f.getFileName().toString());
      outcomes.forEach(r -> PopulationFiles.assertOutcome(r, SOURCE));
    }
  }

  /** benchmarks/heldout's population: the rows from this rank down are never read as CRD sources. */
  private static final int FIRST_RESERVED_RANK = 1201;
  private static final String RESERVED = "not read: reserved, the held-out population of benchmarks/heldout";

  @Test
  void theRowsReservedForTheHeldOutEvaluationAreNeverRead() throws IOException {
    String header = PopulationFiles.header(FILE);
    assertTrue(header.contains("RESERVED: the rows from rank " + FIRST_RESERVED_RANK + " down"), header);
    Map<String, Integer> rank = new HashMap<>();
    population().forEach(r -> rank.put(r.repository(), r.rank()));
    int reserved = 0;
    for (Path f : outcomesFiles()) {
      for (String[] r : PopulationFiles.rows("populations/" + f.getFileName())) {
        boolean isReserved = rank.get(r[0]) >= FIRST_RESERVED_RANK;
        assertEquals(isReserved, r[2].equals(RESERVED), String.join("\t", r));
        reserved += isReserved ? 1 : 0;
      }
    }
    assertEquals(242, reserved);
  }

  @Test
  void theSourcesAreExactlyTheRowsWhoseOutcomeIsASourceAtThatCommitAndRank() throws IOException {
    Map<String, Integer> rank = new HashMap<>();
    population().forEach(r -> rank.put(r.repository(), r.rank()));
    List<String[]> outcomes = new ArrayList<>();
    for (Path f : outcomesFiles()) {
      outcomes.addAll(PopulationFiles.rows("populations/" + f.getFileName()));
    }
    PopulationFiles.assertSourcesAreTheSourceOutcomes(POPULATION, rank, outcomes, SOURCE);
  }

  @Test
  void theSourcesAreOneBlockSortedByRank() throws IOException {
    PopulationFiles.assertOneBlockSortedByRank(POPULATION);
  }

  private static List<Path> outcomesFiles() throws IOException {
    try (Stream<Path> files = Files.list(PopulationFiles.DIR.resolve("populations"))) {
      return files.filter(p -> OUTCOMES_FILE.matcher(p.getFileName().toString()).matches()).sorted().toList();
    }
  }
}
