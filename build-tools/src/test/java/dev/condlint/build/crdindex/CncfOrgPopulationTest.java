package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The cncf-org population of the CRD catalogue's sources (the other repositories of the CNCF projects' own
 * GitHub organisations) is what its files say it is: every row of {@code populations/cncf-org-population.tsv}
 * (written by {@code scripts/cncf-org-population}) has one outcome in {@code cncf-org-outcomes.tsv}, in the
 * population's order, and a row the rule decided not to read keeps that decision as its outcome; the
 * {@code cncf-org-*} sources of {@code sources.json} are exactly the repositories whose outcome is a source, in
 * that order, each marked with its population, and form one block after the sources of the earlier populations.
 */
class CncfOrgPopulationTest {
  private static final Pattern SOURCE = Pattern.compile("source (cncf-org-[a-z0-9-]+) \\((\\d+)\\)");
  /** benchmarks/heldout/set2's population: the round-2 rows no session had read are never read as CRD sources. */
  private static final String RESERVED = "not read: reserved, held-out population 2 of benchmarks/heldout/set2";

  @Test
  void theRowsReservedForTheSecondHeldOutSetAreUnreadRoundTwoRows() throws IOException {
    for (String file : List.of("cncf-org-population.tsv", "cncf-org-outcomes.tsv")) {
      String header = String.join("\n", Files.readAllLines(PopulationFiles.DIR.resolve("populations/" + file)).stream()
          .takeWhile(l -> l.startsWith("#")).toList());
      assertTrue(header.contains("RESERVED") && header.contains("benchmarks/heldout/set2"), file + ": " + header);
    }
    List<String[]> population = PopulationFiles.rows("populations/cncf-org-population.tsv");
    List<String[]> outcomes = PopulationFiles.rows("populations/cncf-org-outcomes.tsv");
    int reserved = 0;
    for (int i = 0; i < outcomes.size(); i++) {
      if (outcomes.get(i)[2].equals(RESERVED)) {
        reserved++;
        assertEquals(List.of("read", "2"), List.of(population.get(i)[4], population.get(i)[5]), outcomes.get(i)[0]);
        assertEquals("", outcomes.get(i)[1], "a reserved row pins no commit: " + outcomes.get(i)[0]);
      }
    }
    assertEquals(2423, reserved);
  }

  @Test
  void everyRowOfThePopulationHasOneOutcomeInThePopulationsOrder() throws IOException {
    List<String[]> population = PopulationFiles.rows("populations/cncf-org-population.tsv");
    List<String[]> outcomes = PopulationFiles.rows("populations/cncf-org-outcomes.tsv");

    assertEquals(population.stream().map(r -> r[3]).toList(), outcomes.stream().map(r -> r[0]).toList());
    assertTrue(outcomes.stream().allMatch(r -> r.length == 3 && !r[2].isBlank()),
        "each outcome row: repository, commit, outcome");
    for (int i = 0; i < population.size(); i++) {
      String decision = population.get(i)[4];
      if (!decision.equals("read")) {
        assertEquals(decision, outcomes.get(i)[2], "a row not to read keeps its decision: " + outcomes.get(i)[0]);
      }
    }
  }

  @Test
  void everyOrganisationIsListedAndAReadOutcomePinsTheCommitItRead() throws IOException {
    assertTrue(PopulationFiles.rows("populations/cncf-org-population.tsv").stream()
        .noneMatch(r -> r[4].startsWith("not listed yet")), "every organisation's repositories are listed");
    for (String[] row : PopulationFiles.rows("populations/cncf-org-outcomes.tsv")) {
      String outcome = row[2];
      boolean fetched = Stream.of("source ", "no CRD manifests", "covered", "no kind version with condition lists",
          "no CRDs of its own", "not read to the end", "not read: its CRD manifest", "not added: ")
          .anyMatch(outcome::startsWith);
      boolean notFetched = !fetched && Stream.of("not read:", "no CRD path in the index", "skipped by rule", "already ")
          .anyMatch(outcome::startsWith);
      assertTrue(fetched || notFetched, "an outcome outside the vocabulary: " + String.join("\t", row));
      if (fetched) {
        assertTrue(row[1].matches("[0-9a-f]{40}"), "a repository read pins the commit read: " + row[0]);
      } else {
        assertEquals("", row[1], "a repository not fetched pins no commit: " + row[0]);
      }
    }
  }

  @Test
  void theCncfOrgSourcesAreTheRepositoriesWhoseOutcomeIsASourceInThatOrder() throws IOException {
    List<String> fromOutcomes = new ArrayList<>();
    for (String[] row : PopulationFiles.rows("populations/cncf-org-outcomes.tsv")) {
      Matcher m = SOURCE.matcher(row[2]);
      if (m.matches()) {
        assertTrue(Integer.parseInt(m.group(2)) > 0, "a source that adds no kind version: " + row[0]);
        assertEquals(40, row[1].length(), "a source's outcome pins its commit: " + row[0]);
        fromOutcomes.add(m.group(1) + " " + row[0] + " " + row[1]);
      }
    }
    List<String> fromSources = PopulationFiles.sources().stream().filter(s -> s.path("id").asText().startsWith("cncf-org-"))
        .map(s -> s.path("id").asText() + " " + s.path("repository").asText() + " " + s.path("commit").asText())
        .toList();

    assertEquals(fromOutcomes, fromSources);
    assertTrue(PopulationFiles.sources().stream().filter(s -> s.path("id").asText().startsWith("cncf-org-"))
        .allMatch(s -> s.path("population").asText().equals("cncf-org")), "each is marked \"population\": \"cncf-org\"");
  }

  @Test
  void theCncfOrgSourcesAreOneBlockAfterTheEarlierPopulations() throws IOException {
    List<String> ids = PopulationFiles.sources().stream().map(s -> s.path("id").asText()).toList();
    int first = -1;
    int last = -1;
    int lastEarlier = -1;
    for (int i = 0; i < ids.size(); i++) {
      if (ids.get(i).startsWith("cncf-org-")) {
        first = first < 0 ? i : first;
        last = i;
      } else if (ids.get(i).startsWith("cncf-") || ids.get(i).startsWith("k8s-")
          || PopulationFiles.sources().get(i).path("population").asText().equals("landscape-operators")) {
        lastEarlier = i;
      }
    }

    assertTrue(first >= 0, "the population has sources");
    assertEquals(last - first + 1, ids.subList(first, last + 1).stream().filter(id -> id.startsWith("cncf-org-")).count(),
        "the cncf-org-* sources are one block");
    assertTrue(lastEarlier < first, "the cncf-org-* sources come after the cncf-*, k8s-* and landscape-operators sources");
  }
}
