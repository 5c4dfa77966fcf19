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
