package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The index-kube population of the CRD catalogue's sources is what its files say it is (docs/contracts.md,
 * "condlint's bundled CRD catalogue"): {@code populations/index-kube.tsv} ranks the repositories of the library's
 * public-repository index whose name starts with "kube" or "k8s" (and is no index-operators or index-names name) by the
 * index's file_versions, lists the queries that enumerated them and the range they make complete, and marks the ones
 * the shared rule excludes with a reason that holds; {@code index-kube-outcomes.tsv} has one outcome per row not
 * excluded, in rank order; the sources marked with the population are exactly the rows whose outcome is a source, at
 * its commit and rank, licensed in NOTICE, in one block sorted by rank, followed by the aggregates population's block
 * (the last of sources.json).
 */
class IndexKubeTest {
  private static final String POPULATION = "index-kube";
  private static final String FILE = "populations/index-kube.tsv";
  private static final String OUTCOMES = "populations/index-kube-outcomes.tsv";
  private static final Pattern SOURCE = Pattern.compile("source (kube-[a-z0-9._-]+) \\((\\d+)\\)( .*)?");
  /** The rule's name patterns, and the index-operators and index-names rules', whose names it leaves to them. */
  private static final Pattern NAME = Pattern.compile("^kube|^k8s");
  private static final Pattern OTHERS = Pattern.compile("operator|controller|crd|^provider-|^cluster-api-provider-");
  /** A query line of the header: the text asked, the answer's count, its lowest file_versions when cut off. */
  private static final Pattern QUERY = Pattern.compile("#     (/\\S+) (\\d+) (?:L (\\d+)|complete)");
  /** Every character a GitHub repository name can hold (case-insensitive), the refinements of "/kube". */
  private static final String NAME_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789-_.";

  @Test
  void theFileStatesTheRuleAndRanksEveryNameOfItsPatternsByFileVersionsThenOwnerSlashName() throws IOException {
    String header = PopulationFiles.header(FILE);

    assertTrue(header.contains("whose NAME (the part after the owner),\n#   case-insensitive, starts with \"kube\" or "
        + "starts with \"k8s\", and is matched by neither the index-operators rule"), header);
    assertTrue(header.contains("ranked by the index's own file_versions count,\n#   highest first"), header);
    assertTrue(header.contains("every name of the rule with file_versions >= 488 is listed"), header);
    PopulationFiles.assertRankedByFileVersions(FILE, NAME, OTHERS, 488);
    assertEquals(401, PopulationFiles.ranked(FILE).size());
  }

  /**
   * The listed range is what the queries make complete: "/kube" was refined by every character a name can hold after
   * it, and the range starts above the lowest value of every cut-off answer that was not refined further.
   */
  @Test
  void theQueriesPartitionTheNamesAndTheListedRangeStartsAboveEveryCutOffAnswerLeftUnrefined() throws IOException {
    Map<String, Integer> lowest = new HashMap<>();
    List<String> asked = new ArrayList<>();
    for (String line : PopulationFiles.header(FILE).lines().toList()) {
      Matcher m = QUERY.matcher(line);
      if (m.matches()) {
        asked.add(m.group(1));
        if (m.group(3) != null) {
          assertEquals("100", m.group(2), "an answer is cut off at 100 names: " + line);
          lowest.put(m.group(1), Integer.parseInt(m.group(3)));
        }
      }
    }
    assertEquals(41, asked.size());
    assertEquals(asked.size(), asked.stream().distinct().count());
    assertTrue(asked.contains("/kube") && asked.contains("/k8s"), asked.toString());
    for (char c : NAME_CHARACTERS.toCharArray()) {
      assertTrue(asked.contains("/kube" + c), "/kube" + c + " was not asked");
    }
    lowest.remove("/kube"); // refined: its names are the union of the "/kube" + c answers (and the bare name "kube")
    int listedFrom = lowest.values().stream().mapToInt(Integer::intValue).max().orElseThrow() + 1;

    assertEquals(488, listedFrom);
    assertEquals(487, lowest.get("/k8s"));
  }

  @Test
  void aRowIsExcludedExactlyWhenTheSharedRuleSaysSoAndTheReasonHolds() throws IOException {
    assertEquals(30, PopulationFiles.assertExcludedExactlyByTheRule(POPULATION, FILE));
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
  void theSourcesAreOneBlockSortedByRankFollowedByTheAggregatesBlock() throws IOException {
    PopulationFiles.assertOneBlockFollowedBy(POPULATION, "aggregates");
  }
}
