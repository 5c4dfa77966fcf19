package dev.condlint.build.crdindex;

import static dev.condlint.build.crdindex.PopulationFiles.INDEX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The split-api population of the CRD catalogue's sources (an operator's API types and CRDs in a repository of their own
 * beside it) is what its files say it is: {@code populations/split-api.tsv} states the rule and lists, once each and in
 * order, the owners of the rows of the awesome-operators, index-operators and index-kube outcomes that read "no CRD
 * manifests"; {@code split-api-lookups.tsv} names exactly the candidates the recorded answers
 * ({@code split-api-answers.json}) hold under the rule's names, of the same owner, and excludes exactly those the rule
 * excludes; {@code split-api-outcomes.tsv} has one outcome of the vocabulary per candidate not excluded, in order; the
 * sources marked with the population are exactly its source outcomes, at their commit and their owner's order as rank,
 * licensed in NOTICE, the block of sources.json right before go-types', and each adds to the bundled index the kind versions its outcome
 * counts.
 */
class SplitApiTest {
  private static final String POPULATION = "split-api";
  private static final String FILE = "populations/split-api.tsv";
  private static final String ANSWERS = "populations/split-api-answers.json";
  private static final String LOOKUPS = "populations/split-api-lookups.tsv";
  private static final String OUTCOMES = "populations/split-api-outcomes.tsv";
  private static final List<String> ROW_FILES = List.of("awesome-outcomes.tsv", "populations/index-operators-outcomes-p1.tsv",
      "populations/index-operators-outcomes-p2.tsv", "populations/index-operators-outcomes-p3.tsv",
      "populations/index-operators-outcomes-p4.tsv", "populations/index-kube-outcomes.tsv");
  private static final Pattern NAME = Pattern.compile("api|apis|apimachinery|crds|installer|.*-api|.*-apis|.*-crds");
  private static final Pattern SOURCE = Pattern.compile("source (split-[a-z0-9._-]+) \\((\\d+)\\)");
  private static final Pattern REPOSITORY = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");

  @Test
  void theFileStatesTheRuleAndListsEachOwnerOfTheNoCrdManifestsRowsOnceInOrder() throws IOException {
    String header = PopulationFiles.header(FILE);
    assertTrue(header.contains("ONE find_repos lookup of \"OWNER/\""), header);
    assertTrue(header.contains("`apimachinery`, `crds` or `installer`, or ends in `-api`, `-apis` or `-crds`"), header);
    Map<String, List<String>> expected = new LinkedHashMap<>();
    int rows = 0;
    for (String file : ROW_FILES) {
      for (String[] r : PopulationFiles.rows(file)) {
        if (r[2].startsWith("no CRD manifests")) {
          expected.computeIfAbsent(r[0].substring(0, r[0].indexOf('/')), k -> new ArrayList<>()).add(r[0]);
          rows++;
        }
      }
    }
    Map<String, List<String>> listed = new LinkedHashMap<>();
    List<String[]> lines = PopulationFiles.rows(FILE);
    for (int i = 0; i < lines.size(); i++) {
      assertEquals(String.valueOf(i + 1), lines.get(i)[0], "owners are numbered 1..n in file order");
      listed.put(lines.get(i)[1], List.of(lines.get(i)[2].split(",")));
    }
    assertEquals(List.copyOf(expected.keySet()), List.copyOf(listed.keySet()));
    assertEquals(expected, listed);
    assertEquals(167, rows);
    assertEquals(141, listed.size());
  }

  @Test
  void theLookupsNameExactlyTheCandidatesTheAnswersHoldAndExcludeExactlyByTheRule() throws IOException {
    JsonNode answers = new ObjectMapper().readTree(PopulationFiles.DIR.resolve(ANSWERS).toFile());
    Map<String, String> excluded = exclusions();
    List<String> expected = new ArrayList<>();
    int cutOff = 0;
    for (String[] owner : PopulationFiles.rows(FILE)) {
      JsonNode answer = answers.path(owner[1]);
      assertTrue(answer.isObject(), "no answer for " + owner[1]);
      boolean truncated = answer.path("truncated").asBoolean();
      assertEquals(truncated, answer.has("second"), "a cut-off owner, and only one, has its OWNER/api answer");
      assertEquals(truncated, answer.path("count").asInt() == 100, owner[1]);
      cutOff += truncated ? 1 : 0;
      String listed = answer.path("count").asInt() + (truncated ? " (cut off; OWNER/api asked)" : "");
      List<String> named = new ArrayList<>();
      answer.path("names").forEach(n -> named.add(n.asText()));
      answer.path("second").forEach(n -> named.add(n.asText()));
      List<String> candidates = named.stream().distinct()
          .filter(r -> r.substring(0, r.indexOf('/')).equalsIgnoreCase(owner[1]))
          .filter(r -> NAME.matcher(r.substring(r.indexOf('/') + 1).toLowerCase(Locale.ROOT)).matches()).toList();
      if (candidates.isEmpty()) {
        expected.add(String.join("\t", owner[1], listed, "-", ""));
      }
      for (String c : candidates) {
        expected.add(String.join("\t", owner[1], listed, c, excluded.getOrDefault(c.toLowerCase(Locale.ROOT), "")));
      }
    }
    assertEquals(expected, PopulationFiles.rows(LOOKUPS).stream().map(r -> String.join("\t", r)).toList());
    assertEquals(36, cutOff);
  }

  @Test
  void theOutcomesFileHasOneOutcomeOfTheVocabularyForEachCandidateNotExcludedInOrder() throws IOException {
    List<String> notExcluded = PopulationFiles.rows(LOOKUPS).stream()
        .filter(r -> !r[2].equals("-") && r[3].isEmpty()).map(r -> r[2]).toList();
    List<String[]> outcomes = PopulationFiles.rows(OUTCOMES);
    assertEquals(notExcluded, outcomes.stream().map(r -> r[0]).toList());
    outcomes.forEach(r -> PopulationFiles.assertOutcome(r, SOURCE));
    assertEquals(51, outcomes.size());
  }

  @Test
  void theSourcesAreTheSourceOutcomesAtTheirOwnersOrderTheLastBlockAndAddWhatTheirOutcomesCount() throws IOException {
    Map<String, Integer> rank = new HashMap<>();
    Map<String, String> order = new HashMap<>();
    PopulationFiles.rows(FILE).forEach(r -> order.put(r[1], r[0]));
    PopulationFiles.rows(OUTCOMES).forEach(r -> rank.put(r[0], Integer.parseInt(order.get(r[0].substring(0, r[0].indexOf('/'))))));
    PopulationFiles.assertSourcesAreTheSourceOutcomes(POPULATION, rank, PopulationFiles.rows(OUTCOMES), SOURCE);
    PopulationFiles.assertOneBlockFollowedBy(POPULATION, "go-types");

    Map<String, Integer> fromOutcomes = new TreeMap<>();
    for (String[] r : PopulationFiles.rows(OUTCOMES)) {
      Matcher m = SOURCE.matcher(r[2]);
      if (m.matches()) {
        fromOutcomes.put(m.group(1), Integer.parseInt(m.group(2)));
      }
    }
    Map<String, Integer> added = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    try (Stream<Path> list = Files.list(INDEX)) {
      for (Path file : list.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
        for (JsonNode kind : json.readTree(file.toFile()).path("kinds")) {
          for (JsonNode version : kind.path("versions")) {
            if (version.path("source").asText().startsWith("split-")) {
              added.merge(version.path("source").asText(), 1, Integer::sum);
            }
          }
        }
      }
    }
    assertEquals(fromOutcomes, added, "each source's kind versions in the index are its outcome's count");
    assertEquals(Map.of("split-kubedb-apimachinery", 167, "split-kubevault-apimachinery", 19), added);
  }

  /**
   * The rule's exclusions, by repository (lower case): a source of sources.json of another population; a repository of a held-out set's
   * manifest; a row of a held-out population; a repository any other file of the crd-index folder names (a row of another
   * population), landscape-operators.json too.
   */
  private static Map<String, String> exclusions() throws IOException {
    Map<String, String> why = new HashMap<>();
    for (JsonNode s : PopulationFiles.sources()) {
      if (POPULATION.equals(s.path("population").asText()) || PopulationFiles.REREADS.contains(s.path("population").asText())) {
        continue; // this population's own sources became sources by this rule; go-types came after it
      }
      why.putIfAbsent(s.path("repository").asText().toLowerCase(Locale.ROOT), "already a source: " + s.path("id").asText());
    }
    PopulationFiles.putHeldOutExclusions(why);
    List<Path> files = new ArrayList<>();
    for (Path dir : List.of(PopulationFiles.DIR, PopulationFiles.DIR.resolve("populations"))) {
      try (Stream<Path> list = Files.list(dir)) {
        list.filter(p -> p.toString().endsWith(".tsv") && !p.getFileName().toString().startsWith("split-api")
                && !p.getFileName().toString().startsWith("go-types") // go-types came after, and reads split-api's rows
                && !p.getFileName().toString().startsWith("source-owners")) // came after, and lists owners' repositories
            .forEach(files::add);
      }
    }
    files.sort(java.util.Comparator.comparing(Path::toString));
    for (Path file : files) {
      for (String line : Files.readAllLines(file)) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        for (String cell : line.split("\t", -1)) {
          if (REPOSITORY.matcher(cell).matches()) {
            why.putIfAbsent(cell.toLowerCase(Locale.ROOT), "a row of another population (" + file.getFileName() + ")");
          }
        }
      }
    }
    Matcher m = Pattern.compile("github\\.com/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)")
        .matcher(Files.readString(PopulationFiles.DIR.resolve("populations/landscape-operators.json")));
    while (m.find()) {
      why.putIfAbsent(m.group(1).toLowerCase(Locale.ROOT), "a row of another population (landscape-operators.json)");
    }
    return why;
  }

}
