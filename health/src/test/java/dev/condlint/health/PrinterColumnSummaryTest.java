package dev.condlint.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.bench.ArgoCdLua;
import dev.condlint.health.export.ArgoCdLuaExport;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.yaml.YamlDocuments;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A CRD's printer column that shows one condition's status is the kind's own API telling its users
 * which condition to watch: where no source declares a summary and condlint knows the type's True is the
 * healthy state, it is the summary; the catalogue keeps precedence, and a column on a type of unknown
 * polarity, or several columns on such types, say nothing. The exported Lua judges the same.
 */
class PrinterColumnSummaryTest {
  private static final Instant NOW = Instant.parse("2026-09-01T00:00:00Z");

  private static String crd(String group, String kind, String version, String... columns) {
    StringBuilder c = new StringBuilder();
    for (String column : columns) {
      String[] nameType = column.split("=");
      c.append("    - {name: ").append(nameType[0]).append(", type: string, jsonPath: \".status.conditions[?(@.type==\\\"")
          .append(nameType[1]).append("\\\")].status\"}\n");
    }
    String plural = kind.toLowerCase() + "s";
    return """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: %s.%s}
        spec:
          group: %s
          names: {kind: %s, plural: %s}
          scope: Namespaced
          versions:
          - name: %s
            served: true
            storage: true
            additionalPrinterColumns:
        %s    schema:
              openAPIV3Schema:
                type: object
                x-kubernetes-preserve-unknown-fields: true
        """.formatted(plural, group, group, kind, plural, version, c.toString().replaceAll("(?m)^", "    ").stripTrailing() + "\n");
  }

  private static JsonNode load(String yaml) {
    return YamlDocuments.load("object.yaml", yaml).documents().get(0).object();
  }

  private static HealthAssessor assessor(String... crds) {
    List<JsonNode> objects = java.util.Arrays.stream(crds).map(PrinterColumnSummaryTest::load).toList();
    return new HealthAssessor(new Engine(Ruleset.builtIn(), Config.DEFAULT).withCrds(CrdCatalog.of(objects)).contracts());
  }

  private static final String POOL = """
      apiVersion: storage.example.dev/v1
      kind: Pool
      metadata: {name: fast, generation: 2}
      spec: {size: 3}
      status:
        observedGeneration: 2
        conditions:
        - {type: Synced, status: "True", reason: ReconcileSuccess}
        - {type: Available, status: "False", reason: MinimumReplicasUnavailable, message: 1 of 3 replicas available}
      """;

  private static String judged(HealthAssessor assessor, String yaml) throws Exception {
    JsonNode object = load(yaml);
    Assessment a = assessor.assess(object, NOW);
    ArgoCdLua.Outcome lua = new ArgoCdLua("health.lua", ArgoCdLuaExport.script(assessor.contractOf(object)), true)
        .run(object);
    assertEquals(a.status().label() + " | " + a.message(), lua.statusLabel() + " | " + lua.message(),
        "the exported Lua judges as condlint does");
    return a.status().label() + " | " + a.message() + " | " + a.reason().rule().label() + " | "
        + a.basis().map(b -> b.source() + ": " + b.detail() + " (" + b.citation() + ")").orElse("none");
  }

  @Test
  void aColumnOnATypeWhoseTrueIsHealthyIsTheSummary() throws Exception {
    assertEquals("Degraded | 1 of 3 replicas available | terminal-reason | crd: summary from printer column Available"
            + " of CRD storage.example.dev/Pool v1 (CRD pools.storage.example.dev)",
        judged(assessor(crd("storage.example.dev", "Pool", "v1", "Synced=Synced", "Available=Available")), POOL));
    assertEquals("Healthy | Available is True (MinimumReplicasAvailable) | summary | crd: summary from printer column"
            + " Available of CRD storage.example.dev/Pool v1 (CRD pools.storage.example.dev)",
        judged(assessor(crd("storage.example.dev", "Pool", "v1", "Available=Available")),
            POOL.replace("{type: Available, status: \"False\", reason: MinimumReplicasUnavailable, message: 1 of 3 replicas available}",
                "{type: Available, status: \"True\", reason: MinimumReplicasAvailable}")));
  }

  @Test
  void withoutTheColumnOrWithoutAKnownPolarityNothingIsKnown() throws Exception {
    String unknown = "Unknown | condlint does not know which condition sums up the health of Pool.storage.example.dev:"
        + " declare its summary in the contracts of .condlint.yaml | not-known | none";
    assertEquals(unknown, judged(assessor(crd("storage.example.dev", "Pool", "v1")), POOL), "no column");
    assertEquals(unknown, judged(assessor(crd("storage.example.dev", "Pool", "v1", "Synced=Synced")), POOL),
        "Synced: condlint does not know its polarity");
    assertEquals(unknown, judged(assessor(crd("storage.example.dev", "Pool", "v2", "Available=Available")), POOL),
        "a CRD of another version only");
    assertEquals(unknown, judged(assessor(crd("storage.example.dev", "Pool", "v1", "Available=Available",
        "Serving=ServingReady")), POOL), "two columns on types whose True is healthy: which sums up is not said");
  }

  @Test
  void theCatalogueKeepsPrecedence() throws Exception {
    // Cluster API v1beta2's CRD shows Available; condlint's catalogue declares the summary of a Cluster.
    String cluster = """
        apiVersion: cluster.x-k8s.io/v1beta2
        kind: Cluster
        metadata: {name: prod, namespace: default, generation: 1}
        spec: {}
        status:
          observedGeneration: 1
          conditions:
          - {type: Available, status: "True", reason: Available, observedGeneration: 1}
        """;
    HealthAssessor assessor = assessor(crd("cluster.x-k8s.io", "Cluster", "v1beta2", "Available=Available"));
    assertEquals("catalogue", assessor.assess(load(cluster), NOW).basis().orElseThrow().source());
  }
}
