package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Lints 299 files of third-party objects (realworld/SOURCES.md) that condlint's authors did not write,
 * pins every finding, and checks the figures of their expert review (realworld/review.csv, one verdict
 * per finding that condlint 11f22a3 reported): how many findings reviewed as false are still reported at
 * error or warning, and how many reviewed as true are still reported at all. When a change is
 * intended, rerun with {@code -Dcondlint.updateExpected=true} and review the diff of
 * {@code realworld/expected-findings.txt}.
 */
class RealWorldTest {
  private static final String EXPECTED = "realworld/expected-findings.txt";
  private static final List<String> MISSING_FIELD_RULES = List.of(
      "condition-reason-required", "condition-message-present", "condition-last-transition-time-required");

  private static JsonNode report;

  @BeforeAll
  static void lint() throws IOException {
    CliRun.Result r = CliRun.withBuiltInRules(Golden.resource("realworld"))
        // These files sit in condlint's own repository, whose other test resources hold other projects'
        // CRDs: CRD discovery would judge them by those (CrdDiscoveryTest covers it).
        .run("lint", "--format", "json", "--fail-on", "never", "--now", "2026-11-24T00:00:00Z", "--no-crd-discovery",
            ".");
    assertEquals(0, r.exit(), r.err());
    report = new ObjectMapper().readTree(r.out());
  }

  @Test
  void everyFileIsReadAndEveryFindingIsPinned() throws IOException {
    assertEquals(0, report.path("errors").size(), report.path("errors").toString());
    assertEquals(299, report.path("summary").path("files").asInt());
    List<String> lines = new ArrayList<>();
    for (JsonNode f : report.path("findings")) {
      lines.add(f.path("file").asText() + ":" + f.path("line").asInt() + ":" + f.path("column").asInt() + " "
          + f.path("severity").asText() + " " + f.path("rule").asText() + " " + f.path("pointer").asText()
          + " [" + f.path("contract").path("source").asText("-") + "]");
    }
    String actual = "# file:line:col severity rule pointer [contract source] (RealWorldTest;"
        + " -Dcondlint.updateExpected=true)\n" + String.join("\n", lines) + "\n";
    if (Golden.updating()) {
      Files.writeString(Golden.RESOURCES.resolve(EXPECTED), actual, StandardCharsets.UTF_8);
      return;
    }
    assertEquals(Files.readString(Golden.RESOURCES.resolve(EXPECTED)), actual);
  }

  @Test
  void noFindingReviewedAsFalseIsStillLoudAndEveryOneReviewedAsTrueIsKept() throws IOException {
    Map<String, String> now = new HashMap<>();
    for (JsonNode f : report.path("findings")) {
      now.put(key(f.path("file").asText(), f.path("line").asInt(), f.path("rule").asText()),
          f.path("severity").asText());
    }
    int falseLoud = 0;
    int falseBefore = 0;
    int trueKept = 0;
    int trueBefore = 0;
    List<String> lines = Files.readAllLines(Golden.RESOURCES.resolve("realworld/review.csv"));
    for (String line : lines.subList(1, lines.size())) {
      String[] c = line.split(",");
      String file = c[0];
      int at = Integer.parseInt(c[1]);
      String severity = c[3];
      String rule = c[4];
      String verdict = c[c.length - 1];
      boolean loudBefore = severity.equals("error") || severity.equals("warning");
      if (verdict.equals("FP") && loudBefore) {
        falseBefore++;
        if (isLoud(now.get(key(file, at, rule))) || mergedLoud(now, file, at, rule)) {
          falseLoud++;
        }
      } else if (verdict.equals("TP") && loudBefore) {
        trueBefore++;
        if (now.containsKey(key(file, at, rule)) || merged(now, file, at, rule)) {
          trueKept++;
        }
      }
    }
    assertEquals(217, falseBefore);
    assertEquals(0, falseLoud, "findings reviewed as false still reported at error or warning");
    assertEquals(193, trueBefore);
    assertEquals(193, trueKept, "findings reviewed as true still reported");
  }

  // A condition's absent required fields are one finding, under the id of the first: any of them at
  // that line keeps a reviewed finding of another.
  private static boolean merged(Map<String, String> now, String file, int line, String rule) {
    return MISSING_FIELD_RULES.contains(rule)
        && MISSING_FIELD_RULES.stream().anyMatch(r -> now.containsKey(key(file, line, r)));
  }

  private static boolean mergedLoud(Map<String, String> now, String file, int line, String rule) {
    return MISSING_FIELD_RULES.contains(rule)
        && MISSING_FIELD_RULES.stream().anyMatch(r -> isLoud(now.get(key(file, line, r))));
  }

  private static boolean isLoud(String severity) {
    return "error".equals(severity) || "warning".equals(severity);
  }

  private static String key(String file, int line, String rule) {
    return file + ":" + line + ":" + rule;
  }
}
