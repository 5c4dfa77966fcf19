package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputFiles;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cluster.testing.TestApiServer;
import dev.condlint.model.Document;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real-world objects and CRDs of the test resources (corpus/MANIFEST.md, realworld/SOURCES.md and
 * rules' corpus/MANIFEST.md name their sources) loaded into the test API server, then audited: the
 * findings of {@code condlint audit} equal, object by object, those of {@code condlint lint} over the
 * same objects as files (file and line aside).
 */
class AuditCorpusTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path CWD = Golden.resource("");
  /** In lint's order: where a CRD stands twice, the first one wins in both runs. */
  private static final List<String> INPUTS = List.of("corpus/samples", "realworld",
      "../../../../rules/src/test/resources/corpus/crds");

  /** As lint reports them (CorpusTest and RealWorldTest pin them rule by rule), less those of the unstored objects. */
  private static final int OBJECTS_WITH_FINDINGS = 511;
  private static final int FINDINGS = 1724;

  @TempDir static Path dir;

  private static TestApiServer server;
  /** Each stored object's file and the object as the file holds it, by the uid the server gave it. */
  private static final Map<String, Source> sources = new TreeMap<>();
  /** The objects of the files an API server would refuse, as {@link #inFile} names them. */
  private static final List<String> unstored = new ArrayList<>();
  private static JsonNode lint;

  private record Source(String file, JsonNode object) {}

  @BeforeAll
  static void loadTheCorpusIntoTheServerAndLintItsFiles() throws IOException {
    server = new TestApiServer();
    List<Source> documents = new ArrayList<>();
    Set<String> crdNames = new HashSet<>();
    InputReader reader = new InputReader(new ByteArrayInputStream(new byte[0]));
    for (Input input : new InputFiles(CWD, CWD, List.of()).expand(INPUTS)) {
      InputReader.Read read = reader.read(input);
      assertEquals(List.of(), read.errors());
      for (Document d : read.documents()) {
        JsonNode object = d.object();
        String name = object.path("metadata").path("name").asText("");
        // An API server refuses an object without a name, and a second CRD of a name (lint takes the first).
        if (name.isEmpty() || object.path("kind").asText().equals("CustomResourceDefinition") && !crdNames.add(name)) {
          unstored.add(inFile(read.name(), object));
        } else {
          documents.add(new Source(read.name(), object));
        }
      }
    }
    List<ObjectNode> stored = server.load(documents.stream().map(Source::object).toList());
    for (int i = 0; i < stored.size(); i++) {
      sources.put(stored.get(i).path("metadata").path("uid").asText(), documents.get(i));
    }
    CliRun.Result r = CliRun.withBuiltInRules(CWD).run(lintArgs(INPUTS));
    assertEquals(0, r.exit(), r.err());
    lint = JSON.readTree(r.out());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static String[] lintArgs(List<String> inputs) {
    List<String> args = new ArrayList<>(List.of("lint", "--format", "json", "--fail-on", "never", "--now",
        AuditRun.NOW));
    args.addAll(inputs);
    return args.toArray(String[]::new);
  }

  private static JsonNode audit(String... args) throws IOException {
    CliRun.Result r = new AuditRun(server, dir, CliRun.withBuiltInRules(CWD))
        .run(concat(List.of("--format", "json", "--fail-on", "never"), args));
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.err());
    return JSON.readTree(r.out());
  }

  private static String[] concat(List<String> first, String... rest) {
    List<String> all = new ArrayList<>(first);
    all.addAll(List.of(rest));
    return all.toArray(String[]::new);
  }

  /**
   * What a finding says, without where it stands in a file. One defect reads differently in a file
   * and in a cluster: a condition status written {@code status: True} is, in a file, an unquoted
   * YAML boolean (condition-field-yaml-type, which needs the source), and in an API server the JSON
   * boolean it became (condition-status-value); both name it at the same pointer, as an error.
   */
  private static String finding(JsonNode f) {
    String rule = f.path("rule").asText();
    String pointer = f.path("pointer").asText();
    boolean unquotedStatus = rule.equals("condition-field-yaml-type") && pointer.endsWith("/status")
        && f.path("message").asText().startsWith("`status: ")
        || rule.equals("condition-status-value") && f.path("message").asText().contains("is the boolean");
    if (unquotedStatus) {
      return f.path("severity").asText() + " <status: a YAML boolean in a file, a JSON boolean in a cluster> " + pointer;
    }
    return f.path("severity").asText() + " " + rule + " " + pointer + " " + f.path("message").asText() + " | "
        + f.path("hint").asText() + " | " + f.path("contract");
  }

  /** {@code file apiVersion kind namespace/name}: an object of a file. */
  private static String inFile(String file, JsonNode object) {
    JsonNode metadata = object.path("metadata");
    return file + " " + object.path("apiVersion").asText() + " " + object.path("kind").asText() + " "
        + metadata.path("namespace").asText("") + "/" + metadata.path("name").asText();
  }

  /** The object a finding of a report names, as {@link #inFile} names it. */
  private static String named(String file, JsonNode finding) {
    JsonNode o = finding.path("object");
    return file + " " + o.path("apiVersion").asText() + " " + o.path("kind").asText() + " "
        + o.path("namespace").asText("") + "/" + o.path("name").asText();
  }

  /** Lint's findings by object of a file, each list sorted. */
  private static Map<String, List<String>> lintFindings(JsonNode report) {
    Map<String, List<String>> out = new TreeMap<>();
    for (JsonNode f : report.path("findings")) {
      String object = named(f.path("file").asText(), f);
      if (!unstored.contains(object)) {
        out.computeIfAbsent(object, k -> new ArrayList<>()).add(finding(f));
      }
    }
    out.values().forEach(list -> list.sort(null));
    return out;
  }

  /** The audit's findings by the object of a file the audited object was loaded from, each list sorted. */
  private static Map<String, List<String>> auditFindings(JsonNode report) {
    Map<String, List<String>> out = new TreeMap<>();
    for (JsonNode f : report.path("findings")) {
      Source source = sources.get(f.path("object").path("uid").asText());
      out.computeIfAbsent(inFile(source.file(), source.object()), k -> new ArrayList<>()).add(finding(f));
    }
    out.values().forEach(list -> list.sort(null));
    return out;
  }

  @Test
  void auditFindsWhatLintFindsInTheSameObjectsObjectByObject() throws IOException {
    JsonNode audit = audit();

    assertEquals(List.of(
        "realworld/argo-cd/resource_customizations/promoter.argoproj.io/PromotionStrategy/testdata/"
            + "proposed-note-dry-sha-preferred.yaml promoter.argoproj.io/v1alpha1 PromotionStrategy /",
        "../../../../rules/src/test/resources/corpus/crds/fluxcd-source-controller/config/crd/bases/"
            + "source.toolkit.fluxcd.io_gitrepositories.yaml apiextensions.k8s.io/v1 CustomResourceDefinition"
            + " /gitrepositories.source.toolkit.fluxcd.io",
        "../../../../rules/src/test/resources/corpus/crds/istio/manifests/charts/base/files/crd-all.gen.yaml"
            + " apiextensions.k8s.io/v1 CustomResourceDefinition /destinationrules.networking.istio.io"), unstored);
    assertEquals(0, audit.path("errors").size(), audit.path("errors").toString());
    // Every object stored has a status, so every one is audited.
    assertEquals(sources.size(), audit.path("summary").path("objects").asInt());
    Map<String, List<String>> expected = lintFindings(lint);
    assertEquals(OBJECTS_WITH_FINDINGS, expected.size());
    assertEquals(FINDINGS, expected.values().stream().mapToInt(List::size).sum());
    assertEquals("", differences(expected, auditFindings(audit)));
  }

  @Test
  void listingAFewObjectsAtATimeGivesTheSameReport() throws IOException {
    JsonNode whole = audit("--concurrency", "1");
    server.clearRequests();

    JsonNode paged = audit("--chunk-size", "7", "--concurrency", "3");

    assertEquals(whole, paged);
    // 165 CRDs, read in pages of 7, twice: once as contracts, once as audited objects.
    assertEquals(48, server.requests().stream()
        .filter(r -> r.startsWith("/apis/apiextensions.k8s.io/v1/customresourcedefinitions?limit=7")).count());
  }

  @Test
  void theObjectsSavedGiveLintTheFindingsOfTheAudit() throws IOException {
    Path saved = dir.resolve("saved");
    JsonNode audit = audit("--save", saved.toString());

    CliRun.Result r = CliRun.withBuiltInRules(CWD).run(lintArgs(List.of(saved.toString())));
    assertEquals(0, r.exit(), r.err());
    JsonNode offline = JSON.readTree(r.out());

    // Each saved file is one object as lint reads objects (an apiVersion and a kind), none skipped.
    assertEquals(sources.size(), offline.path("summary").path("files").asInt());
    assertEquals(sources.size(), offline.path("summary").path("documents").asInt());
    assertEquals(0, offline.path("summary").get("skipped").intValue());
    assertEquals("", differences(byObject(offline), byObject(audit)));
  }

  /** Findings by the object they name (its apiVersion, kind, namespace and name), each list sorted. */
  private static Map<String, List<String>> byObject(JsonNode report) {
    Map<String, List<String>> out = new TreeMap<>();
    for (JsonNode f : report.path("findings")) {
      out.computeIfAbsent(named("", f), k -> new ArrayList<>()).add(finding(f));
    }
    out.values().forEach(list -> list.sort(null));
    return out;
  }

  /** The objects whose findings differ, each with what only lint and what only the audit found. */
  private static String differences(Map<String, List<String>> lint, Map<String, List<String>> audit) {
    StringBuilder b = new StringBuilder();
    Set<String> objects = new TreeSet<>(lint.keySet());
    objects.addAll(audit.keySet());
    for (String object : objects) {
      List<String> onlyLint = new ArrayList<>(lint.getOrDefault(object, List.of()));
      List<String> onlyAudit = new ArrayList<>(audit.getOrDefault(object, List.of()));
      List<String> both = new ArrayList<>(onlyLint);
      both.retainAll(onlyAudit);
      both.forEach(f -> {
        onlyLint.remove(f);
        onlyAudit.remove(f);
      });
      if (!onlyLint.isEmpty() || !onlyAudit.isEmpty()) {
        b.append(object).append('\n');
        onlyLint.forEach(f -> b.append("  lint only:  ").append(f.substring(0, Math.min(160, f.length()))).append('\n'));
        onlyAudit.forEach(f -> b.append("  audit only: ").append(f.substring(0, Math.min(160, f.length()))).append('\n'));
      }
    }
    return b.toString();
  }
}
