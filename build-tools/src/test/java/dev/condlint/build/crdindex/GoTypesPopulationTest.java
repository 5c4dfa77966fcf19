package dev.condlint.build.crdindex;

import static dev.condlint.build.crdindex.PopulationFiles.HELD_OUT;
import static dev.condlint.build.crdindex.PopulationFiles.column;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The go-types population of the CRD catalogue's sources (Go operators that commit no CRD manifest, read from their Go
 * API types) is what its files say it is: {@code populations/go-types.tsv} states the rule and lists, numbered in
 * order, every row of the cncf, awesome-operators, index-operators, index-kube and split-api outcomes that reads "no CRD
 * manifests", none a held-out set's repository; {@code go-types-outcomes.tsv} has one outcome of its vocabulary per
 * row, in order, with the commit exactly where the row was fetched; the sources marked with the population are exactly
 * its source outcomes, of layout go-types, at their commit and row number as rank, licensed in NOTICE, one block of
 * sources.json right before the kubebuilder-layout population's; each adds to the bundled index the kind versions its outcome counts, none of a held-out group.
 */
class GoTypesPopulationTest {
  private static final String POPULATION = "go-types";
  private static final String FILE = "populations/go-types.tsv";
  private static final String OUTCOMES = "populations/go-types-outcomes.tsv";
  private static final List<String> ROW_FILES = List.of("cncf-outcomes.tsv", "awesome-outcomes.tsv",
      "populations/index-operators-outcomes-p1.tsv", "populations/index-operators-outcomes-p2.tsv",
      "populations/index-operators-outcomes-p3.tsv", "populations/index-operators-outcomes-p4.tsv",
      "populations/index-kube-outcomes.tsv", "populations/split-api-outcomes.tsv");
  private static final Pattern SOURCE = Pattern.compile("source (go-[a-z0-9._-]+) \\((\\d+)\\)");
  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");
  /** Outcomes of a row whose repository was fetched (its commit named) and of one that was not (commit "-"). */
  private static final List<String> FETCHED = List.of("covered", "no condition lists", "skipped: ", "no API types (");
  private static final List<String> NOT_FETCHED = List.of("no API types (the lookup lists", "not read: ");
  /** The outcome of a cut-off row read by the second pass (know18's amendment): its snapshot's tree has no API package. */
  private static final String SECOND_PASS = "no API types (the snapshot's tree holds no zz_generated.deepcopy.go outside";

  @Test
  void theFileStatesTheRuleAndListsEveryNoCrdManifestsRowInOrder() throws IOException {
    String header = PopulationFiles.header(FILE);
    assertTrue(header.contains("ONE lookup of a row is find_files (repo = the row's\n#   repository, ext = \"deepcopy.go\")"),
        header);
    assertTrue(header.contains("whose outcome starts with \"no CRD\n#   manifests\""), header);
    List<String> expected = new ArrayList<>();
    for (String file : ROW_FILES) {
      for (String[] r : PopulationFiles.rows(file)) {
        if (r[2].startsWith("no CRD manifests")) {
          expected.add(String.join("\t", String.valueOf(expected.size() + 1), file, r[0], r[1]));
        }
      }
    }
    assertEquals(expected, PopulationFiles.rows(FILE).stream().map(r -> String.join("\t", r)).toList());
    assertEquals(334, expected.size());
    Set<String> heldOut = new HashSet<>();
    for (String set : List.of("manifest.tsv", "set2/manifest.tsv", "set3/manifest.tsv", "population.tsv",
        "set2/population.tsv", "set3/population.tsv")) {
      column(HELD_OUT.resolve(set), "repository", true).forEach(r -> heldOut.add(r.toLowerCase(Locale.ROOT)));
    }
    PopulationFiles.rows(FILE).forEach(r -> assertFalse(heldOut.contains(r[2].toLowerCase(Locale.ROOT)),
        "a held-out set's repository is no row: " + r[2]));
  }

  @Test
  void theOutcomesFileHasOneOutcomeOfTheVocabularyForEachRowInOrder() throws IOException {
    List<String[]> rows = PopulationFiles.rows(FILE);
    List<String[]> outcomes = PopulationFiles.rows(OUTCOMES);
    assertEquals(rows.stream().map(r -> r[0] + " " + r[2]).toList(), outcomes.stream().map(r -> r[0] + " " + r[1]).toList());
    int fetched = 0;
    for (String[] r : outcomes) {
      assertEquals(4, r.length, String.join("\t", r));
      boolean isSource = SOURCE.matcher(r[3]).matches();
      boolean notFetched = NOT_FETCHED.stream().anyMatch(r[3]::startsWith);
      boolean read = !notFetched && FETCHED.stream().anyMatch(r[3]::startsWith);
      assertTrue(isSource || read || notFetched, "an outcome outside the vocabulary: " + String.join("\t", r));
      assertEquals(isSource || read, COMMIT.matcher(r[2]).matches(), "a fetched repository names its commit: " + r[1]);
      assertEquals(notFetched, r[2].equals("-"), "a repository not fetched has the commit -: " + r[1]);
      fetched += isSource || read ? 1 : 0;
    }
    assertEquals(46 + 70 + 1, fetched, "the fetches the outcomes header counts: know17's 46, know18's 70, know20's 1");
    assertEquals(0, outcomes.stream().filter(r -> r[3].startsWith("not read: budget")).count(), "every row looked up");
    List<Integer> secondPass = outcomes.stream().filter(r -> r[3].startsWith(SECOND_PASS))
        .map(r -> Integer.parseInt(r[0])).toList();
    List<Integer> notReached = outcomes.stream().filter(r -> r[3].startsWith("not read: ")).map(r -> Integer.parseInt(r[0]))
        .toList();
    assertEquals(62, secondPass.size(), "the second pass's fetches: know18's 70 less the first pass's 9, and know20's 1");
    assertEquals(280, secondPass.get(secondPass.size() - 1), "row 280, the cut-off row know18's fetches did not reach,"
        + " read last (know20)");
    assertEquals(List.of(), notReached, "every row is read");
  }

  @Test
  void theAmendmentSaysHowACutOffRowIsReadBeforeItsReading() throws IOException {
    String header = PopulationFiles.header(FILE);
    int amendment = header.indexOf("AMENDMENT (2026-11-29, 11:30, engineer know18, before any row of this second reading");
    int note = header.indexOf("NOTE (after the second reading");
    assertTrue(amendment > 0 && note > amendment, header);
    assertTrue(header.contains("the snapshot's tree (`git ls-tree -r --name-only` of that commit) stands for the lookup's"
        + " answer"), header);
  }

  @Test
  void theSourcesAreTheSourceOutcomesOneBlockBeforeKubebuilderLayoutAndAddWhatTheirOutcomesCountOfNoHeldOutGroup() throws IOException {
    Map<String, Integer> rank = new HashMap<>();
    List<String[]> outcomes = new ArrayList<>();
    for (String[] r : PopulationFiles.rows(OUTCOMES)) {
      rank.put(r[1], Integer.parseInt(r[0]));
      outcomes.add(new String[] {r[1], r[2], r[3]});
    }
    PopulationFiles.assertSourcesAreTheSourceOutcomes(POPULATION, rank, outcomes, SOURCE, "go-types");
    PopulationFiles.assertOneBlockFollowedBy(POPULATION, "kubebuilder-layout");

    Map<String, Integer> added = PopulationFiles.assertIndexAddsWhatTheOutcomesCountOfNoHeldOutGroup("go-", outcomes, SOURCE);
    assertEquals(11, added.values().stream().mapToInt(Integer::intValue).sum());
  }
}
