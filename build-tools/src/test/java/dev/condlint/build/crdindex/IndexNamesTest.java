package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The index-names population of the CRD catalogue's sources is what its files say it is (docs/contracts.md,
 * "condlint's bundled CRD catalogue"): {@code populations/index-names.tsv} ranks the repositories of the library's
 * public-repository index whose name holds "crd" or starts with "provider-" or "cluster-api-provider-" (and is no
 * index-operators name) by the index's file_versions, and marks the ones the shared rule excludes with a reason that
 * holds; {@code index-names-outcomes.tsv} has one outcome per row not excluded, in rank order; the sources marked
 * with the population are exactly the rows whose outcome is a source, at its commit and rank, licensed in NOTICE,
 * in one block sorted by rank, right before the index-kube population's block (the last of sources.json).
 */
class IndexNamesTest {
  private static final String POPULATION = "index-names";
  private static final String FILE = "populations/index-names.tsv";
  private static final String OUTCOMES = "populations/index-names-outcomes.tsv";
  private static final Pattern SOURCE = Pattern.compile("source (nam-[a-z0-9._-]+) \\((\\d+)\\)( .*)?");
  /** The rule's name patterns, and the index-operators rule's, whose names this population leaves to it. */
  private static final Pattern NAME = Pattern.compile("crd|^provider-|^cluster-api-provider-");
  private static final Pattern OPERATORS = Pattern.compile("operator|controller");
  /** The lowest file_versions the enumeration lists (the "/provider-" answer was cut at 156). */
  private static final int LISTED_FROM = 157;

  @Test
  void theFileStatesTheRuleAndRanksEveryNameOfItsPatternsByFileVersionsThenOwnerSlashName() throws IOException {
    String header = PopulationFiles.header(FILE);

    assertTrue(header.contains("whose NAME (the part after the owner), case-insensitive,\n#   contains \"crd\", or "
        + "starts with \"provider-\", or starts with \"cluster-api-provider-\", and is not matched by the\n#   "
        + "index-operators rule"), header);
    assertTrue(header.contains("ranked\n#   by the index's own file_versions count, highest first"), header);
    assertTrue(header.contains("every name of the rule with file_versions >= 414 is listed"), header);
    PopulationFiles.assertRankedByFileVersions(FILE, NAME, OPERATORS, LISTED_FROM);
    assertEquals(304, PopulationFiles.ranked(FILE).size());
  }

  @Test
  void aRowIsExcludedExactlyWhenTheSharedRuleSaysSoAndTheReasonHolds() throws IOException {
    assertEquals(27, PopulationFiles.assertExcludedExactlyByTheRule(POPULATION, FILE));
  }

  @Test
  void theOutcomesFileHasOneOutcomeOfTheVocabularyForEachRowNotExcludedInRankOrder() throws IOException {
    PopulationFiles.assertOneOutcomePerRowNotExcluded(FILE, OUTCOMES, SOURCE);
  }

  @Test
  void theSourcesAreExactlyTheRowsWhoseOutcomeIsASourceAtThatCommitAndRank() throws IOException {
    PopulationFiles.assertSourcesAreTheSourceOutcomes(POPULATION, FILE, OUTCOMES, SOURCE);
  }

  @Test
  void theSourcesAreOneBlockSortedByRankRightBeforeTheIndexKubeSources() throws IOException {
    PopulationFiles.assertOneBlockFollowedBy(POPULATION, "index-kube");
  }
}
