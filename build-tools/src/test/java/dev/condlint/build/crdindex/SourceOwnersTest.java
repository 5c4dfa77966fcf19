package dev.condlint.build.crdindex;

import static dev.condlint.build.crdindex.PopulationFiles.INDEX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The source-owners population of the CRD catalogue's sources (the other repositories of the owners of the index's
 * sources) is what its files say it is: {@code populations/source-owners.tsv} states the rule and lists the owners of the
 * sources before its own block, less kubernetes, kubernetes-sigs and the CNCF organisations, ordered by the API groups
 * their sources gave the index; {@code source-owners-answers.json} holds one find_repos answer for each of the first 120,
 * in that order, of the owner's own repositories; {@code source-owners-rows.tsv} is the union of those repositories in
 * SHA-256 order, excluded exactly by the rule; {@code source-owners-outcomes.tsv} has one outcome of the vocabulary per row
 * not excluded, in order, the first 334 read (1 to 194 by the first reading, 195 to 334 by the second) and rows 2,573 to
 * 2,722 (positions 2,735 to 2,896) by the third reader, who reads from the middle, the rest not reached, a row "not added:
 * held-out group" naming a group of the held-out manifests; the sources marked with the population are exactly
 * its source outcomes, at their row's position as rank, licensed in NOTICE, one block after go-types', and each
 * adds to the bundled index the kind versions its outcome counts, none of a held-out group.
 */
class SourceOwnersTest {
  private static final String POPULATION = "source-owners";
  private static final String FILE = "populations/source-owners.tsv";
  private static final String ANSWERS = "populations/source-owners-answers.json";
  private static final String ROWS = "populations/source-owners-rows.tsv";
  private static final String OUTCOMES = "populations/source-owners-outcomes.tsv";
  private static final Pattern SOURCE = Pattern.compile("source (own-[a-z0-9._-]+) \\((\\d+)\\)");
  private static final Pattern REPOSITORY = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");
  /** The other populations' files when the rule was stated (main at 1602bb66): a repository one names is excluded. */
  private static final List<String> OTHER_FILES = List.of("awesome-outcomes.tsv", "awesome-population.tsv",
      "cncf-outcomes.tsv", "cncf-population.tsv", "populations/aggregates-heldout-excludes.tsv",
      "populations/aggregates-outcomes.tsv", "populations/aggregates.tsv", "populations/cncf-org-outcomes.tsv",
      "populations/cncf-org-population.tsv", "populations/cncf-org-repositories.tsv",
      "populations/crossplane-providers-outcomes.tsv", "populations/crossplane-providers.tsv",
      "populations/go-types-outcomes.tsv", "populations/go-types.tsv", "populations/index-kube-outcomes.tsv",
      "populations/index-kube.tsv", "populations/index-names-outcomes.tsv", "populations/index-names.tsv",
      "populations/index-operators-outcomes-p1.tsv", "populations/index-operators-outcomes-p2.tsv",
      "populations/index-operators-outcomes-p3.tsv", "populations/index-operators-outcomes-p4.tsv",
      "populations/index-operators.tsv", "populations/split-api-lookups.tsv", "populations/split-api-outcomes.tsv",
      "populations/split-api.tsv");
  private static final int ASKED = 120;
  private static final int READ = 334;
  /** The third reader's rows (orgs20b's amendment: from position 2,735, the middle of the rows), 1-based among those not excluded. */
  private static final int MIDDLE_FIRST = 2573;
  private static final int MIDDLE_LAST = 2722;
  /** The second reading's outcome for a row not reached (the first reading's rows 195 on were read by the second). */
  private static final String NOT_REACHED = "not read: the fetch budget of the second reading (170, engineer orgs20) was"
      + " spent before this row (rows 335 to 2,572 and 2,723 to 5,149 of those not excluded; the third reader, orgs20b,"
      + " read 2,573 to 2,722)";
  /** A fetched row whose CRDs are all of a held-out group: the group is named, and never read. */
  private static final Pattern HELD_OUT_GROUP = Pattern.compile(
      "not added: held-out group \\(.* declares only ([a-z0-9.-]+), a group of the held-out manifests: its CRDs were not"
      + " read\\)");

  @Test
  void theFileStatesTheRuleAndListsTheOwnersOfTheEarlierSourcesByTheGroupsTheyGave() throws IOException {
    String header = PopulationFiles.header(FILE);
    assertTrue(header.contains("EXCLUDING kubernetes, kubernetes-sigs and every CNCF organisation"), header);
    assertTrue(header.contains("the FIRST 120 OWNERS of that order"), header);
    assertTrue(header.contains("SHA-256 of the lower-cased owner/name, ascending"), header);
    assertTrue(header.indexOf("# AMENDMENT (2026-11-29, engineer orgs19, after rows 1 to 20 were read by the LOOKUP, before"
        + " row 21 was looked up or") > header.indexOf("READING, in reading order"), header);
    assertTrue(header.indexOf("# AMENDMENT (2026-11-29, engineer orgs20b, session 20, committed before its first fetch): a third"
        + " reader (orgs20b,") > header.indexOf("# AMENDMENT (2026-11-29, engineer orgs19"), header);
    assertTrue(header.contains("reads in the same order from position 2,735 (the middle of the 5,467 rows)"), header);

    Map<String, Set<String>> groupsBySource = new HashMap<>();
    ObjectMapper json = new ObjectMapper();
    try (Stream<Path> list = Files.list(INDEX)) {
      for (Path file : list.filter(p -> p.toString().endsWith(".json")).toList()) {
        JsonNode group = json.readTree(file.toFile());
        for (JsonNode kind : group.path("kinds")) {
          for (JsonNode version : kind.path("versions")) {
            groupsBySource.computeIfAbsent(version.path("source").asText(), k -> new HashSet<>())
                .add(group.path("group").asText());
          }
        }
      }
    }
    Set<String> excluded = new HashSet<>(Set.of("kubernetes", "kubernetes-sigs"));
    PopulationFiles.rows("populations/cncf-org-population.tsv").forEach(r -> excluded.add(r[2].toLowerCase(Locale.ROOT)));
    Map<String, Set<String>> groups = new LinkedHashMap<>();
    Map<String, List<String>> ids = new LinkedHashMap<>();
    for (JsonNode s : earlierSources()) {
      String owner = owner(s.path("repository").asText());
      if (!excluded.contains(owner)) {
        groups.computeIfAbsent(owner, k -> new HashSet<>())
            .addAll(groupsBySource.getOrDefault(s.path("id").asText(), Set.of()));
        ids.computeIfAbsent(owner, k -> new ArrayList<>()).add(s.path("id").asText());
      }
    }
    List<String> owners = new ArrayList<>(groups.keySet());
    owners.sort(Comparator.comparing((String o) -> -groups.get(o).size()).thenComparing(o -> o));
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < owners.size(); i++) {
      String o = owners.get(i);
      expected.add(String.join("\t", String.valueOf(i + 1), o, String.valueOf(groups.get(o).size()),
          String.join(",", ids.get(o))));
    }
    assertEquals(expected, PopulationFiles.rows(FILE).stream().map(r -> String.join("\t", r)).toList());
    assertEquals(191, owners.size());
    assertEquals("crossplane-contrib", owners.get(0));
  }

  @Test
  void theAnswersAreTheFirst120OwnersInOrderAndTheRowsTheirUnionInSha256OrderExcludedByTheRule() throws Exception {
    JsonNode answers = new ObjectMapper().readTree(PopulationFiles.DIR.resolve(ANSWERS).toFile());
    List<String> asked = PopulationFiles.rows(FILE).stream().limit(ASKED).map(r -> r[1]).toList();
    List<String> answered = new ArrayList<>();
    answers.fieldNames().forEachRemaining(answered::add);
    assertEquals(asked, answered, "one answer for each of the first 120 owners, in order");

    Map<String, String[]> union = new LinkedHashMap<>();
    int cutOff = 0;
    for (String owner : asked) {
      JsonNode answer = answers.path(owner);
      boolean truncated = answer.path("truncated").asBoolean();
      assertEquals(truncated, answer.path("count").asInt() == 100, owner + ": an answer is cut off at 100");
      cutOff += truncated ? 1 : 0;
      assertTrue(answer.path("repositories").size() <= answer.path("count").asInt(), owner);
      for (JsonNode r : answer.path("repositories")) {
        String repository = r.get(0).asText();
        assertEquals(owner, owner(repository), "only the owner's own repositories count");
        union.putIfAbsent(repository.toLowerCase(Locale.ROOT), new String[] {repository, r.get(1).asText()});
      }
    }
    Map<String, String> why = exclusions();
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    Map<String, String> digest = new HashMap<>();
    for (String key : union.keySet()) {
      digest.put(key, HexFormat.of().formatHex(sha.digest(key.getBytes(StandardCharsets.UTF_8))));
    }
    List<String> order = new ArrayList<>(union.keySet());
    order.sort(Comparator.comparing(digest::get));
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < order.size(); i++) {
      String key = order.get(i);
      expected.add(String.join("\t", String.valueOf(i + 1), digest.get(key).substring(0, 16), union.get(key)[0],
          union.get(key)[1], why.getOrDefault(key, "")));
    }
    List<String> rows = PopulationFiles.rows(ROWS).stream().map(r -> String.join("\t", r)).toList();
    assertEquals(expected, rows);
    assertEquals(35, cutOff);
    assertEquals(5467, rows.size());
    assertEquals(318, PopulationFiles.rows(ROWS).stream().filter(r -> !r[4].isEmpty()).count());
  }

  @Test
  void theOutcomesFileHasOneOutcomeOfTheVocabularyForEachRowNotExcludedInOrderTheFirst334AndRows2573To2722Read()
      throws IOException {
    List<String> notExcluded = PopulationFiles.rows(ROWS).stream().filter(r -> r[4].isEmpty()).map(r -> r[2]).toList();
    List<String[]> outcomes = PopulationFiles.rows(OUTCOMES);
    assertEquals(notExcluded, outcomes.stream().map(r -> r[0]).toList());
    Set<String> heldOutGroups = PopulationFiles.heldOutGroups();
    int heldOut = 0;
    for (String[] r : outcomes) {
      Matcher m = HELD_OUT_GROUP.matcher(r[2]);
      if (m.matches()) {
        heldOut++;
        assertTrue(heldOutGroups.contains(m.group(1)), "not a held-out group: " + m.group(1) + " (" + r[0] + ")");
        assertTrue(r[1].matches("[0-9a-f]{40}"), "a fetched repository names its commit: " + r[0]);
      } else {
        PopulationFiles.assertOutcome(r, SOURCE);
      }
    }
    assertEquals(1, heldOut);
    for (int i = 0; i < outcomes.size(); i++) {
      boolean reached = !outcomes.get(i)[2].equals(NOT_REACHED);
      boolean read = i < READ || (i >= MIDDLE_FIRST - 1 && i < MIDDLE_LAST);
      assertEquals(read, reached, "rows are read in order, the first 334 and, from the middle, 2,573 to 2,722: "
          + outcomes.get(i)[0]);
      assertFalse(outcomes.get(i)[2].startsWith("not read: the fetch budget (180)"),
          "the first reading's rows not reached were read by the second: " + outcomes.get(i)[0]);
      if (i >= 20) {
        assertFalse(outcomes.get(i)[2].startsWith("no CRD path in the index"),
            "only a row read by the lookup (1 to 20) can read 'no CRD path in the index': " + outcomes.get(i)[0]);
      }
    }
    assertEquals(5149, outcomes.size());
    assertEquals(11, outcomes.stream().filter(r -> SOURCE.matcher(r[2]).matches()).count());
    List<String> rows = PopulationFiles.rows(ROWS).stream().filter(r -> r[4].isEmpty()).map(r -> r[0]).toList();
    assertEquals("2735", rows.get(MIDDLE_FIRST - 1), "the third reader starts at position 2,735");
    assertEquals("2896", rows.get(MIDDLE_LAST - 1));
  }

  @Test
  void theSourcesAreTheSourceOutcomesAtTheirRowsOneBlockAfterGoTypesAddingWhatTheirOutcomesCountOfNoHeldOutGroup()
      throws IOException {
    Map<String, Integer> rank = new HashMap<>();
    PopulationFiles.rows(ROWS).forEach(r -> rank.put(r[2], Integer.parseInt(r[0])));
    PopulationFiles.assertSourcesAreTheSourceOutcomes(POPULATION, rank, PopulationFiles.rows(OUTCOMES), SOURCE);
    List<Integer> positions = PopulationFiles.assertOneBlockSortedByRank(POPULATION);
    assertFalse(positions.isEmpty());
    assertTrue(positions.get(0) > lastGoTypes(), "the block comes after go-types', the last block when the rule was stated");

    Map<String, Integer> added = PopulationFiles.assertIndexAddsWhatTheOutcomesCountOfNoHeldOutGroup("own-", PopulationFiles.rows(OUTCOMES), SOURCE);
    assertEquals(190, added.values().stream().mapToInt(Integer::intValue).sum());
    assertEquals(43, added.get("own-telekom-controlplane"));
    assertEquals(97, added.get("own-ankasoftco-provider-vcd"));
    assertEquals(23, added.get("own-ankasoftco-provider-tmc"));
    assertEquals(4, added.get("own-kubermatic-bulward"));
  }

  /**
   * The sources of sources.json when the rule was stated: every source up to the end of the go-types block, then the last
   * (a population read at the same time or later, such as kubebuilder-layout, may sit between it and this one's).
   */
  private static List<JsonNode> earlierSources() throws IOException {
    return PopulationFiles.sources().subList(0, lastGoTypes() + 1);
  }

  private static int lastGoTypes() throws IOException {
    List<JsonNode> sources = PopulationFiles.sources();
    int last = -1;
    for (int i = 0; i < sources.size(); i++) {
      if ("go-types".equals(sources.get(i).path("population").asText())) {
        last = i;
      }
    }
    assertEquals(465, last, "466 sources when the rule was stated, the last of them go-types'");
    return last;
  }

  private static String owner(String repository) {
    return repository.substring(0, repository.indexOf('/')).toLowerCase(Locale.ROOT);
  }

  /**
   * The rule's exclusions, by repository (lower case), first reason first: a source before this population's block; a
   * repository of a held-out set's manifest; a row of a held-out population; a repository of the realworld sample (the
   * rule's CORPUS line); a repository another population's file names, landscape-operators.json too.
   */
  private static Map<String, String> exclusions() throws IOException {
    Map<String, String> why = new HashMap<>();
    for (JsonNode s : earlierSources()) {
      why.putIfAbsent(s.path("repository").asText().toLowerCase(Locale.ROOT), "already a source: " + s.path("id").asText());
    }
    PopulationFiles.putHeldOutExclusions(why);
    String corpus = PopulationFiles.header(FILE).lines().filter(l -> l.startsWith("# CORPUS: ")).findFirst().orElseThrow();
    for (String repository : corpus.substring("# CORPUS: ".length()).split(", ")) {
      why.putIfAbsent(repository.trim().toLowerCase(Locale.ROOT), "a repository of the realworld sample (../shared/corpus)");
    }
    for (String file : OTHER_FILES) {
      String name = file.substring(file.lastIndexOf('/') + 1);
      for (String line : Files.readAllLines(PopulationFiles.DIR.resolve(file))) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        for (String cell : line.split("\t", -1)) {
          if (REPOSITORY.matcher(cell).matches()) {
            why.putIfAbsent(cell.toLowerCase(Locale.ROOT), "a row of another population (" + name + ")");
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
