package dev.condlint.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A CRD's printer column that shows one condition's status is the kind's own API telling its users
 * which condition to watch: where no source declares a summary and condlint knows the type's True is the
 * healthy state, it is the summary; the catalogue keeps precedence, and a column on a type of unknown
 * polarity, or several columns on such types, say nothing. The objects and their verdicts (condlint's,
 * the exported Lua's and CEL's, and the basis) are the case file {@code health-cases/printer-columns.yaml}
 * ({@link HealthCases}), judged with the CRDs of {@code health-cases/printer-columns.crds.yaml}.
 */
class PrinterColumnSummaryTest {
  private static final HealthAssessor ASSESSOR = assessor("/health-cases/printer-columns.crds.yaml");

  private static HealthAssessor assessor(String resource) {
    String text;
    try (InputStream in = PrinterColumnSummaryTest.class.getResourceAsStream(resource)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    List<JsonNode> crds = YamlDocuments.documents(resource, text).documents().stream().map(Document::object).toList();
    return new HealthAssessor(new Engine(Ruleset.builtIn(), Config.DEFAULT).withCrds(CrdCatalog.of(crds)).contracts());
  }

  static Stream<Arguments> objects() {
    return HealthCases.read("health-cases/printer-columns.yaml").stream().map(c -> Arguments.of(c.where(), c));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String where, HealthCases.Case c) throws Exception {
    HealthCases.judge(ASSESSOR, c);
  }

  @Test
  void theCatalogueKeepsPrecedence() {
    // Cluster API v1beta2's CRD shows Available (in the CRDs above); condlint's catalogue declares the summary of a Cluster.
    JsonNode cluster = YamlDocuments.load("cluster.yaml", """
        apiVersion: cluster.x-k8s.io/v1beta2
        kind: Cluster
        metadata: {name: prod, namespace: default, generation: 1}
        spec: {}
        status:
          observedGeneration: 1
          conditions:
          - {type: Available, status: "True", reason: Available, observedGeneration: 1}
        """).documents().get(0).object();
    assertEquals("catalogue", ASSESSOR.assess(cluster, Instant.parse("2026-09-01T00:00:00Z")).basis().orElseThrow().source());
  }
}
