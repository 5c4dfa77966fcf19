package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The CNCF population of the CRD catalogue's sources is what its files say it is: every repository
 * that {@code crd-index/cncf-population.tsv} lists (written by {@code scripts/cncf-population}) has one
 * outcome in {@code cncf-outcomes.tsv}, in the population's order; the {@code cncf-*} sources of
 * {@code sources.json} are exactly the repositories whose outcome is a source, in that order, and form one
 * block after the operator bundle catalogues, as they only fill in what the sources before them lack.
 */
class CncfPopulationTest {
  private static final Path DIR = Path.of("crd-index");
  private static final Pattern SOURCE = Pattern.compile("source (cncf-[a-z0-9-]+) \\((\\d+)\\)(?: \\(.*\\))?");

  /** An id of this population: cncf-*, but not cncf-org-* (the projects' organisations, CncfOrgPopulationTest). */
  private static boolean ofThisPopulation(String id) {
    return id.startsWith("cncf-") && !id.startsWith("cncf-org-");
  }

  private record Source(String id, String repository) {}


  private static List<Source> sources() throws IOException {
    List<Source> out = new java.util.ArrayList<>();
    new ObjectMapper().readTree(DIR.resolve("sources.json").toFile()).path("sources")
        .forEach(s -> out.add(new Source(s.path("id").asText(), s.path("repository").asText())));
    return out;
  }

  @Test
  void everyRepositoryOfThePopulationHasOneOutcomeInThePopulationsOrder() throws IOException {
    List<String> population = PopulationFiles.rows("cncf-population.tsv").stream().map(r -> r[2]).toList();
    List<String> outcomes = PopulationFiles.rows("cncf-outcomes.tsv").stream().map(r -> r[0]).toList();

    assertEquals(population, outcomes);
    assertTrue(PopulationFiles.rows("cncf-outcomes.tsv").stream().allMatch(r -> r.length == 3 && !r[2].isBlank()),
        "each outcome row: repository, commit, outcome");
  }

  @Test
  void theCncfSourcesAreTheRepositoriesWhoseOutcomeIsASourceInThatOrder() throws IOException {
    List<String> fromOutcomes = new java.util.ArrayList<>();
    for (String[] row : PopulationFiles.rows("cncf-outcomes.tsv")) {
      Matcher m = SOURCE.matcher(row[2]);
      if (m.matches()) {
        assertTrue(Integer.parseInt(m.group(2)) > 0, "a source that adds no kind version: " + row[0]);
        fromOutcomes.add(m.group(1) + " " + row[0]);
      }
    }
    List<String> fromSources = sources().stream().filter(s -> ofThisPopulation(s.id()))
        .map(s -> s.id() + " " + s.repository()).toList();

    assertEquals(fromOutcomes, fromSources);
  }

  @Test
  void theCncfSourcesAreOneBlockAfterTheOperatorBundleCatalogues() throws IOException {
    List<String> ids = sources().stream().map(Source::id).toList();
    int first = -1;
    int last = -1;
    for (int i = 0; i < ids.size(); i++) {
      if (ofThisPopulation(ids.get(i))) {
        first = first < 0 ? i : first;
        last = i;
      }
    }

    assertEquals(ids.subList(first, last + 1).size(), ids.subList(first, last + 1).stream()
        .filter(CncfPopulationTest::ofThisPopulation).count(), "the cncf-* sources are one block");
    assertTrue(ids.indexOf("marketplace-operators") < first, "the operator bundles come before the cncf-* sources");
  }
}
