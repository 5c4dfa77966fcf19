package dev.condlint.rules.catalogue.crd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The CRD rules over 165 real CRDs from 22 projects (a copy of the shared corpus, attribution in
 * {@code corpus/MANIFEST.md}). The counts per rule, severity and project are pinned in
 * {@code corpus/crd-findings.txt}, so any change of behaviour shows up as a diff; run with
 * {@code -Dcondlint.updateExpected=true} to rewrite it after reviewing the change.
 */
class CrdCorpusTest {
  private static final Path CORPUS = Path.of("src/test/resources/corpus/crds");
  private static final Path PINNED = Path.of("src/test/resources/corpus/crd-findings.txt");
  private static final List<String[]> FINDINGS = new ArrayList<>();
  private static int crds;

  @BeforeAll
  static void lintTheCorpus() throws IOException {
    RuleRun run = RuleRun.all().withoutNow();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(CORPUS)) {
      files = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    for (Path file : files) {
      String project = CORPUS.relativize(file).getName(0).toString();
      String text = Files.readString(file, StandardCharsets.UTF_8);
      crds += (int) YamlFixtures.documents(file.toString(), text).stream()
          .filter(d -> d.ref().isCustomResourceDefinition()).count();
      for (Finding f : run.findings(text)) {
        FINDINGS.add(new String[] {project, f.ruleId(), f.severity().label()});
      }
    }
  }

  @Test
  void readsEveryCrdOfTheCorpus() {
    assertEquals(165, crds);
  }

  @Test
  void findingsPerRuleAndProjectAreThePinnedOnes() throws IOException {
    Map<String, Integer> counts = new TreeMap<>();
    for (String[] f : FINDINGS) {
      counts.merge(f[1] + " " + f[2] + " " + f[0], 1, Integer::sum);
    }
    StringBuilder actual = new StringBuilder();
    counts.forEach((k, v) -> actual.append(k).append(' ').append(v).append('\n'));
    if (Boolean.getBoolean("condlint.updateExpected")) {
      Files.writeString(PINNED, actual.toString());
    }
    assertEquals(Files.readString(PINNED), actual.toString());
  }

  @Test
  void gatewayApiDeclaresItsConditionsAsListMapsAndFluxDoesNot() {
    assertEquals(0, count("crd-conditions-list-map", null, "gateway-api"));
    List<String> flux = FINDINGS.stream().map(f -> f[0]).filter(p -> p.startsWith("fluxcd-")).distinct().toList();
    assertEquals(6, flux.size(), flux.toString());
    for (String project : flux) {
      // Under the flux profile, chosen from each CRD's group: an info, never a warning.
      assertTrue(count("crd-conditions-list-map", "info", project) > 0, project);
      assertEquals(0, count("crd-conditions-list-map", "warning", project), project);
    }
  }

  @Test
  void noInstalledUpstreamCrdBreaksTheApiServersListConstraints() {
    // Each of these CRDs installs on a real API server, so an E03 finding here would be a false positive.
    assertEquals(0, count("crd-list-map-structural", null, null));
  }

  private static long count(String rule, String severity, String project) {
    return FINDINGS.stream()
        .filter(f -> f[1].equals(rule))
        .filter(f -> severity == null || f[2].equals(severity))
        .filter(f -> project == null || f[0].equals(project))
        .count();
  }
}
