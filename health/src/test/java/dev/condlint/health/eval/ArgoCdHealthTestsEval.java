package dev.condlint.health.eval;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.Assessment;
import dev.condlint.health.HealthAssessor;
import dev.condlint.health.HealthStatus;
import dev.condlint.health.KindContract;
import dev.condlint.health.bench.ArgoCdLua;
import dev.condlint.model.Document;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The measurement of issue 26 against Argo CD's own health tests: not part of the build (the tests are
 * not in the repository), run with {@code -Dcondlint.argocdEval=/work/health-eval/resource_customizations}.
 */
@EnabledIfSystemProperty(named = "condlint.argocdEval", matches = ".+")
class ArgoCdHealthTestsEval {
  private int exportDisagree;
  private int celDisagree;
  private int celWaits;
  private static final Instant NOW = Instant.parse("2026-09-01T00:00:00Z");

  /** Whether Argo CD reports the object as pending deletion before running its health script. */
  private static boolean pendingDeletion(JsonNode object) {
    JsonNode metadata = object.path("metadata");
    if (!metadata.hasNonNull("deletionTimestamp")) {
      return false;
    }
    for (JsonNode f : metadata.path("finalizers")) {
      if (f.asText().equals("argocd.argoproj.io/hook-finalizer")) {
        return false;
      }
    }
    return true;
  }

  @Test
  void evaluate() throws IOException {
    Path root = Path.of(System.getProperty("condlint.argocdEval"));
    Path out = Path.of(System.getProperty("condlint.argocdEvalOut", "/tmp/argocd-eval.txt"));
    HealthAssessor assessor = new HealthAssessor(new Engine(Ruleset.builtIn(), Config.DEFAULT).contracts());
    List<Path> suites;
    try (Stream<Path> s = Files.walk(root)) {
      suites = s.filter(p -> p.getFileName().toString().equals("health_test.yaml")).sorted().toList();
    }
    int cases = 0, scriptAgrees = 0;
    exportDisagree = 0;
    TreeMap<String, int[]> byClass = new TreeMap<>();
    TreeMap<String, Integer> agreesWithSuite = new TreeMap<>();
    List<String> lines = new ArrayList<>();
    for (Path suite : suites) {
      Path dir = suite.getParent();
      String kindDir = root.relativize(dir).toString();
      String script = Files.readString(dir.resolve("health.lua"));
      ArgoCdLua lua = new ArgoCdLua(kindDir + "/health.lua", script, true);
      JsonNode tests = YamlDocuments.documents(suite.toString(), Files.readString(suite)).documents().get(0).object();
      for (JsonNode test : tests.path("tests")) {
        // Keys without regard to case, as Argo CD's test reads health_test.yaml (Go's encoding/json):
        // its apps.kruise.io/CloneSet suite writes 'inputpath'.
        String input = field(test, "inputPath").asText();
        JsonNode healthStatus = field(test, "healthStatus");
        String expectedStatus = field(healthStatus, "status").asText("");
        String expectedMessage = field(healthStatus, "message").asText("");
        List<Document> docs;
        try {
          docs = YamlDocuments.load(input, Files.readString(dir.resolve(input), StandardCharsets.UTF_8)).documents();
        } catch (IOException e) {
          lines.add("MISSING-INPUT " + kindDir + " " + input);
          continue;
        }
        if (docs.isEmpty()) {
          lines.add("NO-OBJECT " + kindDir + " " + input);
          continue;
        }
        JsonNode object = docs.get(0).object();
        cases++;
        // What Argo CD reports is not always what the script alone returns: Argo CD says "Pending deletion"
        // (Progressing) for an object being deleted before it runs any script (argoproj/argo-cd
        // gitops-engine/pkg/health/health.go@37ee0097 GetResourceHealth, lines 70-76: unless the object
        // holds Argo CD's hook finalizer). The test suites run the script alone; the figure is taken
        // against what Argo CD reports, and against the suites' own expectations as well.
        String scriptExpected = expectedStatus;
        if (pendingDeletion(object)) {
          expectedStatus = "Progressing";
        }
        dev.condlint.model.ObjectRef ref = dev.condlint.model.ObjectRef.of(object);
        Path specific = root.resolve(ref.group().isEmpty() ? ref.kind() : ref.group() + "/" + ref.kind());
        ArgoCdLua scriptFor = Files.exists(specific.resolve("health.lua")) && !specific.equals(dir)
            ? new ArgoCdLua(specific + "/health.lua", Files.readString(specific.resolve("health.lua")), true) : lua;
        ArgoCdLua.Outcome own = scriptFor.run(object);
        boolean ownOk = own.statusLabel().equals(scriptExpected.isEmpty() ? "(none)" : scriptExpected)
            && own.message().equals(expectedMessage);
        if (ownOk) {
          scriptAgrees++;
        }
        Assessment a = assessor.assess(object, NOW);
        KindContract contract = assessor.contractOf(object);
        // A kind without a declared condition summary whose API sums its health up in fields outside the
        // conditions (stateFields) is counted apart: condlint knows what decides its health, though no
        // condition does; so is a kind whose API reports its readiness by counts (counts: OpenKruise's
        // CloneSet, StatefulSet, DaemonSet). A kind judged entry by entry (entry-health.json: an OpenShift Route's
        // status.ingress[]) has a declared summary in each entry.
        String klass = contract.builtInRule() ? "built-in"
            : contract.declaredSummary().isPresent() || contract.entryHealth().isPresent() ? "declared-summary"
            : !contract.facts().stateFields().isEmpty() || !contract.facts().counts().checks().isEmpty()
                ? "declared-health-field" : "no-declared-summary";
        boolean agree = a.status().label().equals(expectedStatus);
        if (a.status().label().equals(scriptExpected)) {
          agreesWithSuite.merge(klass, 1, Integer::sum);
        }
        String exported = "";
        if (!contract.builtInRule()) {
          try {
            ArgoCdLua.Outcome ex = new ArgoCdLua("exported", dev.condlint.health.export.ArgoCdLuaExport.script(contract), true).run(object);
            if (!ex.statusLabel().equals(a.status().label()) || !ex.message().equals(a.message())) {
              exported = "  || EXPORT-DISAGREES " + ex.statusLabel() + " " + ex.message();
              exportDisagree++;
            }
            boolean evaluateCel = Boolean.parseBoolean(System.getProperty("condlint.argocdEvalCel", "true"));
            var exprs = dev.condlint.health.export.FluxCelExport.expressions(contract);
            var flux = evaluateCel
                ? new dev.condlint.health.bench.FluxCel(exprs.inProgress(), exprs.failed(), exprs.current()).evaluate(object)
                : new dev.condlint.health.bench.FluxCel.Outcome(java.util.Optional.empty(), java.util.Optional.of("not evaluated"));
            String want = switch (a.status()) {
              case HEALTHY, SUSPENDED -> "Current";
              case DEGRADED -> "Failed";
              default -> "InProgress";
            };
            boolean waits = flux.error().isPresent() && want.equals("InProgress")
                && (!object.has("status") || !object.has("spec"));
            if (evaluateCel && !flux.label().equals(want) && !waits) {
              exported += "  || CEL-DISAGREES " + flux.label() + " " + flux.error().orElse("");
              celDisagree++;
            }
            if (evaluateCel && waits) {
              celWaits++;
            }
          } catch (dev.condlint.health.export.ExportRefused e) {
            exported = " || refused";
          }
        }
        boolean falseHealthy = a.status() == HealthStatus.HEALTHY
            && (expectedStatus.equals("Degraded") || expectedStatus.equals("Progressing")
                || scriptExpected.equals("Degraded") || scriptExpected.equals("Progressing"));
        int[] counts = byClass.computeIfAbsent(klass, k -> new int[4]);
        counts[0]++;
        if (agree) {
          counts[1]++;
        }
        if (falseHealthy) {
          counts[2]++;
        }
        if (a.status() == HealthStatus.UNKNOWN) {
          counts[3]++;
        }
        lines.add((agree ? "AGREE " : falseHealthy ? "FALSE-HEALTHY " : "DIFFER ") + klass + " " + kindDir + "/" + input
            + " expected=" + expectedStatus + (scriptExpected.equals(expectedStatus) ? "" : " (the script alone: " + scriptExpected + ")") + " condlint=" + a.status().label() + " [" + a.reason().rule().label()
            + "] " + a.message().replace('\n', ' ') + (ownOk ? "" : "  || own-script=" + own.statusLabel() + " " + own.message().replace('\n', ' ')) + exported);
      }
    }
    try (PrintStream p = new PrintStream(Files.newOutputStream(out), true, StandardCharsets.UTF_8)) {
      lines.forEach(p::println);
      p.println("exported CEL disagrees with condlint health on " + celDisagree + "; errors on objects without status or spec where condlint says Progressing or Unknown: " + celWaits);
      p.println("exported Lua disagrees with condlint health on " + exportDisagree);
      p.println("cases " + cases + "; Argo CD's own scripts in condlint's Lua runtime match their expectations on " + scriptAgrees);
      byClass.forEach((k, c) -> p.println(k + ": cases " + c[0] + ", agree " + c[1] + " (with the suites' expectations for the script alone: "
          + agreesWithSuite.getOrDefault(k, 0) + "), false healthy " + c[2] + ", unknown " + c[3]));
    }
  }

  /** The field named {@code name} in any case, as Go's encoding/json matches keys. */
  private static JsonNode field(JsonNode node, String name) {
    if (node.has(name)) {
      return node.get(name);
    }
    for (var it = node.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (f.equalsIgnoreCase(name)) {
        return node.get(f);
      }
    }
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }
}
