package dev.condlint.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kinds whose health is the combination of the condition lists of their entries (Gateway API routes'
 * parents, policies' ancestors; entry-health.json): the judgement on real objects, exactly (status,
 * message, rule), and the exported Argo CD Lua (run with luaj) and Flux CEL (run with the CEL library
 * for Java) agreeing with it. The objects and their verdicts are the case file
 * {@code health-cases/entries.yaml} ({@link HealthCaseFilesTest}): first the statuses Istio's and Envoy Gateway's
 * controllers write in their own tests, each the object of that kind and name in a test resource (with its
 * SOURCE), then a few written here for the steps those do not show.
 */
class EntryHealthTest {
  private static final String CASES = "health-cases/entries.yaml";
  private static final HealthAssessor ASSESSOR = new HealthAssessor(new Engine(Ruleset.builtIn(), Config.DEFAULT).contracts());
  private static final Pattern FROM = Pattern.compile("# (\\w+) (\\S+) from ([\\w-]+/[\\w-]+)@[0-9a-f]{12} (\\S+)\\n");
  /** Where each project's copied test resources are (their SOURCE files say from which commit). */
  private static final java.util.Map<String, String> RESOURCES = java.util.Map.of(
      "istio/istio", "/istio/", "envoyproxy/gateway", "/envoyproxy/gateway/");

  /**
   * A case that names a test resource holds the object of that kind and name there, as it parses: the
   * case file stands for the controllers' own output.
   */
  @org.junit.jupiter.api.Test
  void theRealObjectsAreTheResourcesObjects() throws IOException {
    int real = 0;
    for (HealthCases.Case c : HealthCases.read(CASES)) {
      Matcher m = FROM.matcher(c.yaml());
      if (m.find()) {
        String resource = RESOURCES.get(m.group(3)) + m.group(4);
        assertEquals(find(resource, m.group(1), m.group(2)), c.object(), c.where());
        real++;
      }
    }
    assertEquals(10, real);
  }

  /** Where a kind's API says an object with no entry is healthy, it is. */
  @org.junit.jupiter.api.Test
  void noEntryIsWhatTheKindsApiSays() {
    JsonNode object = YamlDocuments.load("policy.yaml", """
        apiVersion: example.com/v1
        kind: Policy
        metadata: {name: p}
        status: {ancestors: []}
        """).documents().get(0).object();
    EntryHealth.Kind kind = new EntryHealth.Kind("status.ancestors", "ancestorRef.name",
        java.util.Map.of("Accepted", dev.condlint.rules.contract.Polarity.NORMAL_TRUE), List.of("Accepted"),
        java.util.Map.of(), HealthStatus.HEALTHY, "example");
    Judgement.Decision d = EntryJudgement.judge(object, ASSESSOR.contractOf(object), kind);
    assertEquals("Healthy | status.ancestors has no entry | entries", d.status().label() + " | " + d.message() + " | "
        + d.reason().rule().label());
  }

  /** Every kind's data cites its own API at a pinned commit, with the symbols it rests on. */
  @org.junit.jupiter.api.Test
  void everyEntryCitesItsKindsApiAtAPinnedCommit() throws IOException {
    JsonNode root;
    try (InputStream in = EntryHealth.class.getResourceAsStream("entry-health.json")) {
      root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in);
    }
    List<String> uncited = new ArrayList<>();
    for (JsonNode e : root.path("kinds")) {
      if (!e.path("source").asText().matches("[\\w.-]+/[\\w.-]+ \\S+@[0-9a-f]{40}( .*)?")
          || e.path("symbol").asText().isBlank()) {
        uncited.add(e.path("group").asText() + " " + e.path("kinds"));
      }
    }
    assertEquals(List.of(), uncited);
    assertEquals(7, root.path("kinds").size());
  }

  /** The object of the kind and name in a test resource: a document, or an entry of a list in one. */
  private static JsonNode find(String resource, String kind, String name) throws IOException {
    String text;
    try (InputStream in = EntryHealthTest.class.getResourceAsStream(resource)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    List<JsonNode> candidates = new ArrayList<>();
    for (Document d : YamlDocuments.documents(resource, text).documents()) {
      candidates.add(d.object());
      d.object().forEach(v -> {
        if (v.isArray()) {
          v.forEach(candidates::add);
        }
      });
    }
    return candidates.stream()
        .filter(o -> o.path("kind").asText().equals(kind) && o.path("metadata").path("name").asText().equals(name))
        .findFirst().orElseThrow(() -> new AssertionError(kind + " " + name + " not in " + resource));
  }
}
