package dev.condlint.build.crdindex;

import static dev.condlint.build.crdindex.PopulationFiles.HELD_OUT;
import static dev.condlint.build.crdindex.PopulationFiles.column;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The kubebuilder-layout population of the CRD catalogue's sources is what its files say it is (docs/contracts.md,
 * "In condlint's CRD catalogue"): {@code populations/kubebuilder-layout-answers.tsv} records the 12 find_files answers
 * for the fixed paths of the kubebuilder / operator-sdk layout that the rule names, in its order; {@code
 * kubebuilder-layout.tsv} lists every repository those answers list, once, with the numbers of the paths that listed
 * it, ordered by the SHA-256 of its lower-cased owner/name, and marks the ones the rule excludes with a reason that
 * holds; {@code kubebuilder-layout-outcomes.tsv} has one outcome per row not excluded, in that order (and, right after a
 * personal copy's row, the outcome of the upstream project it names, read as that row); the sources marked with the
 * population are exactly the rows whose outcome is a source, at its commit and position, licensed in NOTICE, one block
 * of sources.json before source-owners'; each adds to the bundled index the kind versions its outcome counts, none of
 * a held-out group.
 */
class KubebuilderLayoutTest {
  private static final String POPULATION = "kubebuilder-layout";
  private static final String FILE = "populations/kubebuilder-layout.tsv";
  private static final String ANSWERS = "populations/kubebuilder-layout-answers.tsv";
  private static final String OUTCOMES = "populations/kubebuilder-layout-outcomes.tsv";
  private static final Pattern SOURCE = Pattern.compile("source (kbl-[a-z0-9._-]+) \\((\\d+)\\)( .*)?");
  private static final List<String> PATHS = List.of("PROJECT", "config/crd/kustomization.yaml",
      "config/crd/kustomizeconfig.yaml", "config/samples/kustomization.yaml", "config/default/kustomization.yaml",
      "config/manager/manager.yaml", "config/rbac/role.yaml", "config/default/manager_metrics_patch.yaml",
      "config/network-policy/allow-metrics-traffic.yaml", "config/manager/controller_manager_config.yaml",
      "config/default/manager_auth_proxy_patch.yaml", "config/manifests/kustomization.yaml");
  /**
   * The populations whose sources and outcome files existed when the rows were enumerated (main at 1602bb66): a row
   * is excluded as "already a source" or "already read" only by them, so a population read later does not change the
   * rows.
   */
  private static final Set<String> EARLIER = Set.of("", "index-operators", "crossplane-providers", "cncf-org",
      "index-names", "index-kube", "awesome-operators", "landscape-operators", "go-types", "aggregates", "split-api");
  private static final List<String> EARLIER_OUTCOMES = List.of("cncf-outcomes.tsv", "awesome-outcomes.tsv",
      "populations/aggregates-outcomes.tsv", "populations/cncf-org-outcomes.tsv",
      "populations/crossplane-providers-outcomes.tsv", "populations/go-types-outcomes.tsv",
      "populations/index-kube-outcomes.tsv", "populations/index-names-outcomes.tsv",
      "populations/index-operators-outcomes-p1.tsv", "populations/index-operators-outcomes-p2.tsv",
      "populations/index-operators-outcomes-p3.tsv", "populations/index-operators-outcomes-p4.tsv",
      "populations/split-api-outcomes.tsv");
  /** Outcomes of a row that was fetched (its commit named) and of one that was not (commit "-"). */
  private static final List<String> READ = List.of("covered", "no CRD manifests", "no kind version with condition lists",
      "CRDs only of another project's groups", "not added: no OSI license", "not added: held-out group");
  private static final List<String> NOT_FETCHED = List.of("no CRD path in the index", "not read: no snapshot",
      "not read: not reached");
  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");
  /**
   * An outcome row that is no row of the population: the project a personal copy's outcome (the row above it) names to
   * read instead, read under the same rule as that named upstream (know20: konflux-ci/application-api).
   */
  private static final String UPSTREAM = "(read as the named upstream of the row above, ";

  @Test
  void theFileStatesTheRuleAndTheAmendmentBeforeTheRows() throws IOException {
    String header = PopulationFiles.header(FILE);

    assertTrue(header.contains("RULE (stated, and committed, before any query was asked): every GitHub repository that"
        + " the library's find_files tool"), header);
    for (int i = 0; i < PATHS.size(); i++) {
      assertTrue(header.contains(String.format("#   %3d %s\n", i + 1, PATHS.get(i))), PATHS.get(i));
    }
    assertTrue(header.contains("ORDER (favours nothing): position by the SHA-256 (hex) of the lower-cased owner/name"),
        header);
    int amendment = header.indexOf("AMENDMENT (2026-11-29 14:45 UTC, after 25 rows were read, before any source was"
        + " added)");
    assertTrue(amendment > header.indexOf("EXCLUDED by rule"), header);
    assertEquals("position\tsha256\trepository\tpaths\texcluded",
        Files.readAllLines(PopulationFiles.DIR.resolve(FILE)).get((int) header.lines().count()));
  }

  @Test
  void theAnswersAreTheRulesTwelvePathsInOrderEachCutOffAtTheHundredItLists() throws IOException {
    List<String[]> answers = PopulationFiles.rows(ANSWERS);

    assertEquals(PATHS, answers.stream().map(a -> a[0]).toList());
    for (String[] a : answers) {
      int listed = a[4].split(" ").length;
      assertEquals(100, listed, a[0]);
      assertEquals(String.valueOf(listed), a[2], a[0]);
      assertEquals("yes", a[3], a[0]);
      assertTrue(Integer.parseInt(a[1]) > listed, a[0] + " is cut off: more hold it than it lists");
    }
    assertEquals(List.of(8609, 8909, 163, 7372, 10109, 6611, 6005, 170, 3039, 3185, 1635, 3097),
        answers.stream().map(a -> Integer.parseInt(a[1])).toList());
  }

  @Test
  void theRowsAreEveryRepositoryTheAnswersListOnceInSha256OrderWithThePathsThatListedIt() throws IOException {
    Map<String, List<Integer>> listed = new LinkedHashMap<>();
    Map<String, String> spelling = new HashMap<>();
    List<String[]> answers = PopulationFiles.rows(ANSWERS);
    for (int n = 1; n <= answers.size(); n++) {
      for (String repository : answers.get(n - 1)[4].split(" ")) {
        String key = repository.toLowerCase(Locale.ROOT);
        spelling.putIfAbsent(key, repository);
        List<Integer> paths = listed.computeIfAbsent(key, k -> new ArrayList<>());
        if (!paths.contains(n)) {
          paths.add(n);
        }
      }
    }
    List<String> expected = new ArrayList<>();
    listed.keySet().stream().sorted((a, b) -> sha256(a).compareTo(sha256(b))).forEach(key -> expected.add(
        String.join("\t", String.valueOf(expected.size() + 1), sha256(key), spelling.get(key),
            String.join(",", listed.get(key).stream().map(String::valueOf).toList()))));

    assertEquals(expected, PopulationFiles.rows(FILE).stream().map(r -> String.join("\t", r[0], r[1], r[2], r[3]))
        .toList());
    assertEquals(586, expected.size());
  }

  @Test
  void aRowIsExcludedExactlyWhenTheRuleSaysSoWithTheFirstReasonThatHolds() throws IOException {
    Map<String, String> heldOut = new HashMap<>();
    for (String[] set : new String[][] {{"held-out set 1", "population.tsv", "manifest.tsv"},
        {"held-out set 2", "set2/population.tsv", "set2/manifest.tsv"},
        {"held-out set 3", "set3/population.tsv", "set3/manifest.tsv"}}) {
      for (String file : List.of(set[1], set[2])) {
        column(HELD_OUT.resolve(file), "repository", true)
            .forEach(r -> heldOut.putIfAbsent(r.toLowerCase(Locale.ROOT), set[0]));
      }
    }
    Set<String> reserved = new HashSet<>();
    for (PopulationFiles.Ranked r : PopulationFiles.ranked("populations/index-operators.tsv")) {
      if (r.rank() >= 1201) {
        reserved.add(r.repository().toLowerCase(Locale.ROOT));
      }
    }
    Map<String, String> cncf = new HashMap<>();
    for (String[] r : PopulationFiles.rows("populations/cncf-org-population.tsv")) {
      cncf.putIfAbsent(r[2].toLowerCase(Locale.ROOT), r[1]);
    }
    Map<String, String> sources = new HashMap<>();
    for (JsonNode s : PopulationFiles.sources()) {
      if (EARLIER.contains(s.path("population").asText())) {
        sources.putIfAbsent(s.path("repository").asText().toLowerCase(Locale.ROOT), s.path("id").asText());
      }
    }
    Map<String, String> readBy = new HashMap<>();
    for (String file : EARLIER_OUTCOMES) {
      String name = Path.of(file).getFileName().toString();
      String reader = name.substring(0, name.indexOf("-outcomes"));
      column(PopulationFiles.DIR.resolve(file), "repository", false)
          .forEach(r -> readBy.putIfAbsent(r.toLowerCase(Locale.ROOT), reader));
    }

    Map<String, Integer> reasons = new TreeMap<>();
    for (String[] row : PopulationFiles.rows(FILE)) {
      String key = row[2].toLowerCase(Locale.ROOT);
      String owner = key.substring(0, key.indexOf('/'));
      String expected = heldOut.containsKey(key) ? heldOut.get(key)
          : reserved.contains(key) ? "reserved: index-operators rank >= 1201"
          : cncf.containsKey(owner) ? "owner " + owner + " is a CNCF organisation (" + cncf.get(owner)
              + "): read by the cncf-org population"
          : Set.of("kubernetes", "kubernetes-sigs").contains(owner) ? "owner " + owner + ": read by the k8s-* population"
          : sources.containsKey(key) ? "already a source: " + sources.get(key)
          : readBy.containsKey(key) ? "already read by the " + readBy.get(key) + " population"
          : "";
      // The realworld sample's repositories (../shared, not in a clone) are none of the rows: no row reads so.
      assertEquals(expected, row.length > 4 ? row[4] : "", row[2]);
      if (!expected.isEmpty()) {
        reasons.merge(expected.startsWith("owner ") ? "owner" : expected.replaceAll(":.*", ""), 1, Integer::sum);
      }
    }
    assertEquals(Map.of("already a source", 5, "already read by the awesome population", 2,
        "already read by the go-types population", 1, "already read by the index-names population", 2,
        "already read by the index-operators population", 21, "held-out set 1", 5, "held-out set 3", 10,
        "owner", 22), reasons);
  }

  @Test
  void theOutcomesFileHasOneOutcomeOfTheVocabularyForEachRowNotExcludedInOrder() throws IOException {
    List<String> notExcluded = PopulationFiles.rows(FILE).stream().filter(r -> r.length < 5 || r[4].isEmpty())
        .map(r -> r[2]).toList();
    List<String[]> all = PopulationFiles.rows(OUTCOMES);
    List<String[]> outcomes = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i)[2].contains(UPSTREAM)) {
        assertTrue(i > 0 && all.get(i - 1)[2].contains(all.get(i)[0]) && all.get(i - 1)[2].startsWith(
            "CRDs only of another project's groups"), "an upstream follows the personal copy that names it: " + all.get(i)[0]);
        assertTrue(SOURCE.matcher(all.get(i)[2]).matches() && COMMIT.matcher(all.get(i)[1]).matches(), all.get(i)[0]);
      } else {
        outcomes.add(all.get(i));
      }
    }
    assertEquals(List.of("konflux-ci/application-api", "openshift/zero-trust-workload-identity-manager"), all.stream().filter(r -> r[2].contains(UPSTREAM)).map(r -> r[0])
        .toList());

    assertEquals(notExcluded, outcomes.stream().map(r -> r[0]).toList());
    Map<String, Integer> counts = new TreeMap<>();
    for (String[] r : outcomes) {
      assertEquals(3, r.length, String.join("\t", r));
      boolean source = SOURCE.matcher(r[2]).matches();
      boolean read = READ.stream().anyMatch(r[2]::startsWith);
      boolean notFetched = NOT_FETCHED.stream().anyMatch(r[2]::startsWith);
      assertTrue(source || read || notFetched, "an outcome outside the vocabulary: " + String.join("\t", r));
      assertEquals(source || read, COMMIT.matcher(r[1]).matches(), "a fetched repository names its commit: " + r[0]);
      assertEquals(notFetched, r[1].equals("-"), "a repository not fetched has the commit -: " + r[0]);
      counts.merge(source ? "source" : r[2].replaceAll(" \\(.*", ""), 1, Integer::sum);
    }
    assertEquals(Map.of("source", 77, "covered", 24, "no kind version with condition lists", 231,
        "no CRD path in the index", 73, "not added: no OSI license", 44, "not read: no snapshot", 32,
        "no CRD manifests", 8, "CRDs only of another project's groups", 10, "not added: held-out group", 3,
        "not read: not reached", 16), counts);
    // Reading went in order: no row is reached after the first that is not.
    int firstNotReached = outcomes.stream().map(r -> r[2]).toList().indexOf(outcomes.stream().map(r -> r[2])
        .filter(o -> o.startsWith("not read: not reached")).findFirst().orElseThrow());
    assertTrue(outcomes.subList(firstNotReached, outcomes.size()).stream()
        .allMatch(r -> r[2].startsWith("not read: not reached")));
    assertEquals(502, firstNotReached);
  }

  @Test
  void theSourcesAreTheSourceOutcomesOneBlockBeforeSourceOwnersAndAddWhatTheirOutcomesCountOfNoHeldOutGroup() throws IOException {
    Map<String, Integer> position = new HashMap<>();
    PopulationFiles.rows(FILE).forEach(r -> position.put(r[2], Integer.parseInt(r[0])));
    List<String[]> outcomes = PopulationFiles.rows(OUTCOMES);
    // A named upstream takes the position of the personal copy whose outcome names it (the row above).
    for (int i = 1; i < outcomes.size(); i++) {
      if (outcomes.get(i)[2].contains(UPSTREAM)) {
        position.put(outcomes.get(i)[0], position.get(outcomes.get(i - 1)[0]));
      }
    }
    PopulationFiles.assertSourcesAreTheSourceOutcomes(POPULATION, position, outcomes, SOURCE);
    PopulationFiles.assertOneBlockFollowedBy(POPULATION, "source-owners");

    Map<String, Integer> added = PopulationFiles.assertIndexAddsWhatTheOutcomesCountOfNoHeldOutGroup("kbl-", outcomes, SOURCE);
    assertEquals(258, added.values().stream().mapToInt(Integer::intValue).sum());
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
