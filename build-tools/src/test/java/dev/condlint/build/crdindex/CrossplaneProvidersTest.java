package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The crossplane-providers population of the CRD catalogue's sources is what its files say it is: every
 * provider-* repository of crossplane-contrib and upbound that {@code populations/crossplane-providers.tsv}
 * lists has one outcome in {@code crossplane-providers-outcomes.tsv}, in the order
 * {@code scripts/crossplane-providers} states (upjet providers first, then owner, then name); the sources marked
 * with the population are exactly the repositories whose outcome is a source, in that order, each read from
 * package/crds only at the commit its outcome names, licensed in NOTICE, and they form one block after the landscape operators in sources.json.
 */
class CrossplaneProvidersTest {
  private static final Path DIR = Path.of("crd-index");
  private static final String POPULATION = "crossplane-providers";
  private static final List<String> OWNERS = List.of("crossplane-contrib", "upbound");
  private static final Pattern SOURCE = Pattern.compile("source (xp-[a-z0-9-]+) \\((\\d+)\\)( \\(.*\\))?");


  private static String owner(String repository) {
    return repository.substring(0, repository.indexOf('/')).toLowerCase(Locale.ROOT);
  }

  private static String name(String repository) {
    return repository.substring(repository.indexOf('/') + 1).toLowerCase(Locale.ROOT);
  }

  private static JsonNode sources() throws IOException {
    return new ObjectMapper().readTree(DIR.resolve("sources.json").toFile()).path("sources");
  }

  @Test
  void everyListedProviderHasOneOutcomeInTheStatedOrder() throws IOException {
    List<String> stated = PopulationFiles.rows("populations/crossplane-providers.tsv").stream().map(r -> r[0])
        .filter(r -> OWNERS.contains(owner(r)) && name(r).startsWith("provider-"))
        .sorted(Comparator.<String, Boolean>comparing(r -> !name(r).startsWith("provider-upjet-"))
            .thenComparing(r -> OWNERS.indexOf(owner(r)))
            .thenComparing(CrossplaneProvidersTest::name))
        .toList();
    List<String[]> outcomes = PopulationFiles.rows("populations/crossplane-providers-outcomes.tsv");

    assertEquals(88, stated.size());
    assertEquals(stated, outcomes.stream().map(r -> r[0]).toList());
    assertTrue(outcomes.stream().allMatch(r -> r.length == 3 && !r[1].isBlank() && !r[2].isBlank()),
        "each outcome row: repository, commit (- when not read), outcome");
    assertTrue(outcomes.stream().allMatch(r -> r[1].equals("-") == r[2].startsWith("not read")),
        "a repository without a commit is one not read, and only such a one");
  }

  @Test
  void theSourcesAreTheRepositoriesWhoseOutcomeIsASourceReadFromPackageCrdsAtThatCommit() throws IOException {
    List<String> fromOutcomes = new ArrayList<>();
    for (String[] row : PopulationFiles.rows("populations/crossplane-providers-outcomes.tsv")) {
      Matcher m = SOURCE.matcher(row[2]);
      if (m.matches()) {
        assertTrue(Integer.parseInt(m.group(2)) > 0, "a source that adds no kind version: " + row[0]);
        fromOutcomes.add(m.group(1) + " " + row[0] + "@" + row[1]);
      }
    }
    List<String> fromSources = new ArrayList<>();
    String notice = Files.readString(Path.of("../NOTICE")).replaceAll("\\s+", " ");
    for (JsonNode s : sources()) {
      if (POPULATION.equals(s.path("population").asText())) {
        String repository = s.path("repository").asText();
        String commit = s.path("commit").asText();
        fromSources.add(s.path("id").asText() + " " + repository + "@" + commit);
        assertEquals("[\"package/crds/*.yaml\"]", s.path("include").toString(), repository);
        assertEquals("Apache-2.0", s.path("license").asText(), repository);
        assertTrue(notice.contains("https://github.com/" + repository + " at " + commit),
            repository + "@" + commit + " is not in NOTICE");
      }
    }

    assertEquals(60, fromOutcomes.size());
    assertEquals(fromOutcomes, fromSources);
  }

  @Test
  void theSourcesAreOneBlockAfterTheLandscapeOperatorsAsTheyOnlyFillInWhatTheSourcesBeforeLack() throws IOException {
    List<String> populations = new ArrayList<>();
    sources().forEach(s -> populations.add(s.path("population").asText()));
    int first = populations.indexOf(POPULATION);
    int last = populations.lastIndexOf(POPULATION);

    assertTrue(first > populations.lastIndexOf(LandscapeOperators.POPULATION), "before a landscape operator");
    assertEquals(List.of(POPULATION), populations.subList(first, last + 1).stream().distinct().toList());
  }
}
