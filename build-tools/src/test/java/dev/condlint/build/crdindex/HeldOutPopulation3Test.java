package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Held-out population 3 (benchmarks/heldout/set3: the repositories holding a kuttl or chainsaw configuration that
 * the search index lists) is what its files say, and stays held out: every repository {@code answers.tsv} lists is
 * one row of {@code population.tsv}, in the order of the SHA-256 of its lowercase owner/name; a row the rule did
 * not exclude and that was not already a CRD source when the rule was stated is RESERVED, and no source of
 * {@code sources.json} reads it; a row marked as a source names the source that reads it.
 */
class HeldOutPopulation3Test {
  private static final Path SET3 = Path.of("..", "benchmarks", "heldout", "set3");
  private static final Set<String> EXCLUSIONS = Set.of("set 1", "set 2", "reserved: index-operators",
      "reserved: cncf-org round 2", "tuned on", "index-kube unread");

  @Test
  void theRowsNeitherExcludedNorSourcesAreReservedAndNoSourceReadsThem() throws IOException {
    String header = String.join("\n", Files.readAllLines(SET3.resolve("population.tsv")).stream()
        .takeWhile(l -> l.startsWith("#")).toList());
    assertTrue(header.contains("RESERVED as held-out population 3"), header);

    Map<String, String> sources = new HashMap<>();
    for (JsonNode s : PopulationFiles.sources()) {
      sources.putIfAbsent(s.path("repository").asText().toLowerCase(Locale.ROOT), s.path("id").asText());
    }
    int reserved = 0;
    for (String[] row : rows("population.tsv")) {
      String repository = row[1].toLowerCase(Locale.ROOT);
      if (row[2].isEmpty() && row[3].isEmpty()) {
        reserved++;
        assertFalse(sources.containsKey(repository),
            "a repository of held-out population 3 is never read as a CRD source: " + row[1] + " is "
                + sources.get(repository));
      } else if (!row[3].isEmpty()) {
        assertEquals(row[3], sources.get(repository), "a row marked as a source names the source: " + row[1]);
      } else {
        assertTrue(EXCLUSIONS.contains(row[2]), "an exclusion outside the rule: " + String.join("\t", row));
        assertEquals("-", row[4], "an excluded row is not read: " + row[1]);
      }
    }
    assertEquals(210, reserved);
  }

  @Test
  void everyListedRepositoryIsOneRowInTheOrderOfItsNamesSha256() throws IOException {
    Set<String> listed = new HashSet<>();
    for (String[] answer : rows("answers.tsv")) {
      List<String> repositories = answer[4].isEmpty() ? List.of() : List.of(answer[4].split(" "));
      assertEquals(Integer.parseInt(answer[2]), repositories.size(), answer[0]);
      repositories.forEach(r -> listed.add(r.toLowerCase(Locale.ROOT)));
    }
    List<String[]> population = rows("population.tsv");
    List<String> names = population.stream().map(r -> r[1].toLowerCase(Locale.ROOT)).toList();
    assertEquals(listed, new HashSet<>(names));
    assertEquals(listed.size(), names.size(), "each repository once");
    List<String> hashes = new ArrayList<>();
    for (int i = 0; i < population.size(); i++) {
      assertEquals(String.valueOf(i + 1), population.get(i)[0]);
      hashes.add(sha256(names.get(i)));
    }
    assertEquals(hashes.stream().sorted().toList(), hashes, "rows in the order of the SHA-256 of owner/name");
  }

  private static List<String[]> rows(String file) throws IOException {
    return Files.readAllLines(SET3.resolve(file)).stream()
        .filter(line -> !line.isBlank() && !line.startsWith("#"))
        .skip(1)
        .map(line -> line.split("\t", -1))
        .toList();
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
