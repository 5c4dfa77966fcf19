package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.cli.input.SchemaServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --schema-location} and {@code schemaLocations}: a kind's schema at a location declares its
 * condition type, above the catalogue; an HTTPS location is cached so that the next run works offline;
 * an unreachable location is one input error, however many objects ask it.
 */
class SchemaLocationOptionTest {
  private static final String TEMPLATE = "/catalog/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json";

  /** A kind's JSON Schema as datreeio/CRDs-catalog keeps one: its conditions need a reason. */
  private static final String WIDGET_SCHEMA = """
      {"type": "object", "properties": {"status": {"type": "object", "properties": {"conditions": {"type": "array",
        "items": {"type": "object", "required": ["type", "status", "reason"],
          "properties": {"type": {"type": "string"}, "status": {"type": "string"}, "reason": {"type": "string"}}}}}}}}
      """;

  /** A Widget whose Ready has no reason. */
  private static final String WIDGET = """
      apiVersion: example.com/v1
      kind: Widget
      metadata: {name: w}
      status:
        conditions:
        - {type: Ready, status: "True"}
      """;

  private static final String REASON_FINDING = "widgets/w.yaml:6:5: error condition-reason-required: Condition"
      + " \"Ready\" has no reason; its condition type requires one (per the CRD schema of example.com/Widget v1, %s),"
      + " so that users and tools can tell why the condition is as it is.";

  @TempDir Path dir;

  private void write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  /** A run whose schema cache is in the test's directory, trusting the CA of ca.pem there if {@code trusting}. */
  private CliRun lint(boolean trusting) {
    return CliRun.withBuiltInRules(dir).variables(trusting
        ? Map.of("XDG_CACHE_HOME", dir.resolve("cache").toString(), "SSL_CERT_FILE", dir.resolve("ca.pem").toString())
        : Map.of("XDG_CACHE_HOME", dir.resolve("cache").toString()));
  }

  private CliRun lint() {
    return lint(false);
  }

  private static List<String> errorsAndWarnings(CliRun.Result r) {
    return r.out().lines().filter(l -> l.contains(": error ") || l.contains(": warning ")).toList();
  }

  @Test
  void aKindsSchemaInADirectoryDeclaresItsConditionType() throws IOException {
    write("schemas/example.com/widget_v1.json", WIDGET_SCHEMA);
    write("widgets/w.yaml", WIDGET);

    CliRun.Result r = lint().run("lint", "--schema-location", "schemas", "widgets");
    assertEquals(List.of(REASON_FINDING.formatted("schemas")), errorsAndWarnings(r));
    assertEquals(1, r.exit());

    CliRun.Result json = lint().run("lint", "--format", "json", "--schema-location", "schemas", "widgets");
    JsonNode finding = new ObjectMapper().readTree(json.out()).path("findings").get(0);
    assertEquals("condition-reason-required", finding.path("rule").asText());
    assertEquals(new ObjectMapper().createObjectNode()
            .put("source", "schema-location")
            .put("detail", "CRD schema of example.com/Widget v1, schemas")
            .put("citation", dir.resolve("schemas/example.com/widget_v1.json").toString()),
        finding.path("contract"));
  }

  @Test
  void theConfigurationsLocationsAreRelativeToItsFile() throws IOException {
    write("project/schemas/example.com/widget_v1.json", WIDGET_SCHEMA);
    write("project/.condlint.yaml", "schemaLocations:\n  - schemas\n");
    write("widgets/w.yaml", WIDGET);

    CliRun.Result r = lint().run("lint", "-c", "project/.condlint.yaml", "widgets");
    assertEquals(List.of(REASON_FINDING.formatted("schemas")), errorsAndWarnings(r));

    write("project/.condlint.yaml", "schemaLocations:\n  - elsewhere\n");
    CliRun.Result missing = lint().run("lint", "-c", "project/.condlint.yaml", "widgets");
    assertEquals(2, missing.exit());
    assertEquals("condlint: error: .condlint.yaml schemaLocations[0] 'elsewhere': no such directory or file, and no"
        + " URL or template", missing.err().lines().findFirst().orElse(""));
  }

  @Test
  void anHttpsLocationIsFetchedOnceAndTheNextRunWorksOffline() throws Exception {
    write("widgets/w.yaml", WIDGET);
    String location;
    try (SchemaServer server = new SchemaServer().serve("/catalog/example.com/widget_v1.json", WIDGET_SCHEMA)) {
      write("ca.pem", server.caPem());
      location = server.base() + TEMPLATE;
      CliRun.Result online = lint(true).run("lint", "--schema-location", location, "widgets");
      assertEquals(List.of(REASON_FINDING.formatted(location)), errorsAndWarnings(online));
      assertEquals(1, server.requests());
    }

    CliRun.Result offline = lint(true).run("lint", "--schema-location", location, "widgets");
    assertEquals(List.of(REASON_FINDING.formatted(location)), errorsAndWarnings(offline));
    assertEquals(1, offline.exit(), "no input error: the schema came from the cache");
  }

  @Test
  void anUnreachableLocationIsOneInputErrorHoweverManyObjectsAskIt() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    write("widgets/w.yaml", WIDGET);
    write("widgets/more.yaml", WIDGET.replace("kind: Widget", "kind: Gadget") + "---\n"
        + WIDGET.replace("kind: Widget", "kind: Sprocket"));
    String location = "https://127.0.0.1:" + port + TEMPLATE;

    CliRun.Result r = lint().run("lint", "--quiet", "--jobs", "1", "--schema-location", location, "widgets");
    assertEquals(List.of(location + ": error: schema location: cannot read https://127.0.0.1:" + port
        + "/catalog/example.com/gadget_v1.json: connection refused"),
        r.out().lines().filter(l -> l.contains("schema location")).toList());
    assertEquals(2, r.exit());
    // The location is named once, and is no checked file: the summary counts the two inputs.
    assertEquals(List.of("Checked 2 files (3 objects): 0 errors, 0 warnings, 0 infos. 1 input error."),
        lint().run("lint", "--jobs", "1", "--schema-location", location, "widgets").out().lines()
            .filter(l -> l.startsWith("Checked")).toList());
  }

  @Test
  void aMalformedSchemaInADirectoryIsNamedByItsPathUnderTheLocationWithLineAndColumn() throws IOException {
    write("schemas/example.com/widget_v1.json", "{\"type\": \"object\",\n  \"properties\": {\"status\": oops}}\n");
    write("crds/bad.yaml", "a: [\n");
    write("widgets/w.yaml", WIDGET);

    CliRun.Result r = lint().run("lint", "--schema-location", "schemas", "widgets");
    assertEquals("schemas/example.com/widget_v1.json:2:28: error: schema location schemas: no JSON Schema or CRD:"
        + " Unrecognized token 'oops': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or"
        + " 'false')\nChecked 1 file (1 object): 0 errors, 0 warnings, 0 infos. 1 input error.\n", r.out());
    assertEquals(2, r.exit());

    CliRun.Result health = lint().run("health", "--schema-location", "crds", "widgets");
    assertEquals("crds/bad.yaml:2:1: error: schema location crds: while parsing a flow node: expected the node"
        + " content, but found '<stream end>'\n", health.err());
    assertEquals(2, health.exit());
  }

  @Test
  void aMalformedLocationIsAUsageError() {
    CliRun.Result r = lint().run("lint", "--schema-location", "https://example.com/{{.Kind}}.json", ".");
    assertEquals(2, r.exit());
    assertEquals("--schema-location 'https://example.com/{{.Kind}}.json': '{{.Kind}}' is no template variable condlint"
        + " knows ({{.Group}}, {{.ResourceKind}}, {{.ResourceAPIVersion}}, {{.KindSuffix}},"
        + " {{.NormalizedKubernetesVersion}}, {{.StrictSuffix}})", r.err().lines().findFirst().orElse(""));
  }

  @Test
  void explainNamesTheLocationAsTheBasis() throws IOException {
    write("schemas/example.com/widget_v1.json", WIDGET_SCHEMA);
    CliRun.Result r = lint().run("explain", "--schema-location", "schemas", "example.com/v1/Widget");
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of("      basis: the CRD schema of example.com/Widget v1, schemas; source: "
        + dir.resolve("schemas/example.com/widget_v1.json")), r.out().lines()
        .filter(l -> l.contains("CRD schema")).distinct().toList());
  }
}
