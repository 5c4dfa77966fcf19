package dev.condlint.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.bench.ArgoCdLua;
import dev.condlint.health.bench.FluxCel;
import dev.condlint.health.export.ArgoCdLuaExport;
import dev.condlint.health.export.FluxCelExport;
import dev.condlint.model.Document;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kinds whose health is the combination of the condition lists of their entries (Gateway API routes'
 * parents, policies' ancestors; entry-health.json): the judgement on real objects, exactly (status,
 * message, rule), and the exported Argo CD Lua (run with luaj) and Flux CEL (run with the CEL library
 * for Java) agreeing with it. The objects are the statuses Istio's and Envoy Gateway's controllers
 * write in their own tests (test resources, with their SOURCE), and a few written here for the steps
 * those do not show.
 */
class EntryHealthTest {
  private static final Instant NOW = Instant.parse("2026-09-01T00:00:00Z");
  private static final HealthAssessor ASSESSOR = new HealthAssessor(new Engine(Ruleset.builtIn(), Config.DEFAULT).contracts());
  private static final String ISTIO = "/istio/pilot/pkg/config/kube/gateway/testdata/";
  private static final String ENVOY = "/envoyproxy/gateway/internal/gatewayapi/testdata/";

  static Stream<Arguments> realObjects() {
    return Stream.of(
        Arguments.of(ISTIO + "http.status.yaml.golden", "HTTPRoute", "http",
            "Healthy", "status.parents[0] (gateway): Route was valid", "entries", "Current"),
        Arguments.of(ISTIO + "http.status.yaml.golden", "HTTPRoute", "http-not-selected",
            "Degraded", "status.parents[0] (gateway): no hostnames matched parent hostname \"*.domain.example\"",
            "terminal-reason", "Failed"),
        Arguments.of(ISTIO + "invalid.status.yaml.golden", "HTTPRoute", "invalid-backendRef-notfound",
            "Degraded", "status.parents[0] (gateway): backend(nonexistent.default.svc.domain.suffix) not found", "terminal-reason", "Failed"),
        Arguments.of(ISTIO + "grpc.status.yaml.golden", "GRPCRoute", "grpc",
            "Healthy", "status.parents[0] (gateway): Route was valid", "entries", "Current"),
        Arguments.of(ISTIO + "backend-tls-policy.status.yaml.golden", "BackendTLSPolicy", "tls-external-service-https",
            "Degraded", "status.ancestors[1] (external-service): targetRefs invalid: sectionName \"non-existing-port-name\" does not exist in ServiceEntry default/external-service", "terminal-reason", "Failed"),
        Arguments.of(ISTIO + "backend-tls-policy.status.yaml.golden", "BackendTLSPolicy", "existing-status",
            "Healthy", "status.ancestors[0] (httpbin): hello", "entries", "Current"),
        Arguments.of(ISTIO + "backend-tls-policy.status.yaml.golden", "BackendTLSPolicy", "bad-configmap-type",
            "Degraded", "status.ancestors[0] (foo-svc): Certificate reference invalid: unsupported kind UnknownKind", "terminal-reason", "Failed"),
        Arguments.of(ISTIO + "status.yaml", "HTTPRoute", "existing-istio-last",
            "Progressing", "status.parents[0] (not-istio): Waiting for Accepted", "summary", "InProgress"),
        Arguments.of(ENVOY + "backendtrafficpolicy-listenerset-invalid.out.yaml", "BackendTrafficPolicy", "target-listenerset",
            "Healthy", "status.ancestors[0] (ext-listeners): Policy has been accepted.", "entries", "Current"),
        Arguments.of(ENVOY + "backendtrafficpolicy-listenerset-invalid.out.yaml", "BackendTrafficPolicy",
            "target-listenerset-section-conflict", "Degraded",
            "status.ancestors[0] (ext-listeners): Unable to target Listener ext-listeners/ext-http, another BackendTrafficPolicy has already attached to it", "terminal-reason", "Failed"));
  }

  @ParameterizedTest
  @MethodSource("realObjects")
  void judgesRealObjectsAndTheExportsAgree(String resource, String kind, String name, String status, String message,
      String rule, String flux) throws Exception {
    judge(find(resource, kind, name), status, message, rule, flux);
  }

  static void judge(JsonNode object, String status, String message, String rule, String flux) throws Exception {
    Assessment a = ASSESSOR.assess(object, NOW);
    assertEquals(status + " | " + message + " | " + rule,
        a.status().label() + " | " + a.message() + " | " + a.reason().rule().label());
    KindContract contract = ASSESSOR.contractOf(object);
    ArgoCdLua.Outcome lua = new ArgoCdLua("health.lua", ArgoCdLuaExport.script(contract), true).run(object);
    assertEquals(status + " | " + message, lua.statusLabel() + " | " + lua.message());
    FluxCelExport.Expressions e = FluxCelExport.expressions(contract);
    FluxCel.Outcome outcome = new FluxCel(e.inProgress(), e.failed(), e.current()).evaluate(object);
    assertEquals(flux, outcome.label(), () -> outcome.error().orElse(""));
  }

  /** Objects written here for the steps the real ones above do not show, one step each. */
  static Stream<Arguments> steps() {
    String route = """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: web, namespace: default, generation: 3}
        spec: {parentRefs: [{name: gw}, {name: gw2}]}
        status:
          parents:
        """;
    String accepted = """
            - {type: Accepted, status: "True", reason: Accepted, message: Route accepted, observedGeneration: 3}
        """;
    String resolved = """
            - {type: ResolvedRefs, status: "True", reason: ResolvedRefs, message: References resolved, observedGeneration: 3}
        """;
    String gw = """
          - parentRef: {name: gw}
            controllerName: example.com/gateway-controller
            conditions:
        """;
    String gw2 = gw.replace("name: gw}", "name: gw2}");
    return Stream.of(
        Arguments.of(route + gw + accepted.replace("observedGeneration: 3", "observedGeneration: 2") + resolved,
            "Progressing", "status.parents[0] (gw): Generation 3 not yet observed: Accepted's observedGeneration is 2",
            "generation", "InProgress"),
        Arguments.of(route + gw + """
                - {type: Accepted, status: "Unknown", reason: Pending, message: Waiting for controller, observedGeneration: 3}
            """, "Progressing", "status.parents[0] (gw): Waiting for controller", "summary", "InProgress"),
        Arguments.of(route + gw + """
                - {type: Accepted, status: "False", reason: Pending, message: Not yet reconciled, observedGeneration: 3}
            """, "Progressing", "status.parents[0] (gw): Not yet reconciled", "transient-reason", "InProgress"),
        Arguments.of(route + gw + accepted + resolved + """
                - {type: Programmed, status: "False", reason: ProgrammingInProgress, message: Route is being programmed}
            """, "Progressing", "status.parents[0] (gw): Route is being programmed", "work-under-way", "InProgress"),
        Arguments.of(route + gw + accepted + resolved + """
                - {type: PartiallyInvalid, status: "True", reason: UnsupportedValue, message: "Dropped Rule(s) 1: bad filter"}
            """, "Degraded", "status.parents[0] (gw): Dropped Rule(s) 1: bad filter", "abnormal-true", "Failed"),
        // A failing entry decides before an earlier one that is not yet observed.
        Arguments.of(route + gw + accepted.replace("observedGeneration: 3", "observedGeneration: 2") + gw2 + """
                - {type: Accepted, status: "False", reason: NotAllowedByListeners, message: No listener allows this route, observedGeneration: 3}
            """, "Degraded", "status.parents[1] (gw2): No listener allows this route", "terminal-reason", "Failed"),
        Arguments.of(route + gw + accepted + resolved + gw2 + accepted,
            "Healthy", "status.parents[0] (gw): Route accepted", "entries", "Current"),
        Arguments.of(route.replace("  parents:\n", "  parents: []\n"),
            "Progressing", "Waiting for status.parents", "entries", "InProgress"),
        Arguments.of("""
            apiVersion: gateway.networking.k8s.io/v1alpha2
            kind: TCPRoute
            metadata: {name: db, namespace: default, generation: 1}
            spec: {parentRefs: [{name: gw}]}
            status: {}
            """, "Progressing", "Waiting for status.parents", "entries", "InProgress"),
        Arguments.of("""
            apiVersion: gateway.networking.k8s.io/v1alpha2
            kind: TCPRoute
            metadata: {name: db, namespace: default, generation: 1}
            spec: {parentRefs: [{name: gw}]}
            status:
              parents:
              - parentRef: {name: gw}
                controllerName: example.com/gateway-controller
                conditions:
                - {type: Accepted, status: "True", reason: Accepted, message: "", observedGeneration: 1}
            """, "Healthy", "status.parents[0] (gw): Accepted is True (Accepted)", "entries", "Current"));
  }

  @ParameterizedTest
  @MethodSource("steps")
  void judgesEachStepAndTheExportsAgree(String yaml, String status, String message, String rule, String flux)
      throws Exception {
    judge(YamlDocuments.load("route.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
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
    assertEquals(5, root.path("kinds").size());
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
