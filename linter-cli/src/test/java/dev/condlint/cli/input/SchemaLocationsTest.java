package dev.condlint.cli.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.rules.schema.KindSchema;
import dev.condlint.rules.testing.CrdFixtures;
import dev.condlint.rules.schema.KindSchemaSource;
import dev.condlint.rules.schema.SchemaOrigin;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schema locations: HTTPS through a real server (Vert.x, a certificate of a CA made for the test) and
 * the cache, then offline; a directory, a file and a path template; and what is wrong with a location,
 * said once.
 */
class SchemaLocationsTest {
  private static final String TEMPLATE = "/catalog/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json";

  /** A kind's JSON Schema as datreeio/CRDs-catalog keeps one: its conditions are metav1.Condition's. */
  static final String WIDGET_SCHEMA = """
      {"type": "object", "properties": {"status": {"type": "object", "properties": {"conditions": {
        "type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["type"],
        "items": {"type": "object", "required": ["type", "status", "lastTransitionTime", "reason", "message"],
          "properties": {"type": {"type": "string"}, "status": {"type": "string", "enum": ["True", "False", "Unknown"]},
            "lastTransitionTime": {"type": "string", "format": "date-time"},
            "reason": {"type": "string", "minLength": 1}, "message": {"type": "string"}},
          "additionalProperties": false}}}}}}
      """;

  /** A CRD whose v1beta1 conditions need only a type and a status. */
  static final String GADGET_CRD = CrdFixtures.crd("Gadget", "example.com", "v1beta1",
      CrdFixtures.conditionsStatus("", "[type, status]",
          "type: {type: string}", "status: {type: string}", "reason: {type: string}"));

  private static SchemaFetcher fetcher(Path cache, SSLContext trust) {
    return new SchemaFetcher(new SchemaCache(cache), trust, Duration.ofSeconds(5), Duration.ofSeconds(5));
  }

  /** A fetcher for local locations, which never fetch. */
  private static SchemaFetcher fetcher(Path cache) {
    try {
      return fetcher(cache, SSLContext.getDefault());
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KindSchemaSource only(SchemaLocations locations) {
    return locations.kindSchemas().sources().get(0);
  }

  private static SchemaLocations.Written flag(String text, Path base) {
    return new SchemaLocations.Written(text, "--schema-location", base);
  }

  @Test
  void fetchesEachSchemaOverHttpsOnceAndAnswersTheNextRunFromTheCacheOffline(@TempDir Path cache) throws Exception {
    String location;
    try (SchemaServer server = new SchemaServer().serve("/catalog/example.com/widget_v1.json", WIDGET_SCHEMA)) {
      location = server.base() + TEMPLATE;
      SchemaLocations first = SchemaLocations.open(List.of(flag(location, cache)), fetcher(cache, server.trust()));

      KindSchema widget = only(first).find("example.com", "v1", "Widget").orElseThrow();
      assertEquals(List.of("status.conditions"), List.copyOf(widget.conditionLists().keySet()));
      assertEquals(Set.of("type", "status", "lastTransitionTime", "reason", "message"),
          widget.conditionLists().get("status.conditions").items().required());
      assertEquals(List.of("type"), widget.conditionLists().get("status.conditions").listMapKeys());
      assertEquals(new SchemaOrigin(location, server.base() + "/catalog/example.com/widget_v1.json"), widget.origin());
      assertEquals(Optional.empty(), only(first).find("example.com", "v2", "Widget"), "404: the location has no such schema");
      only(first).find("example.com", "v1", "Widget");
      assertEquals(2, server.requests(), "one request per URL: the second look-up is answered from memory");
      assertEquals(List.of(), first.errors());
    }
    assertEquals(List.of(".json", ".missing"), suffixes(cache));

    SchemaLocations offline = SchemaLocations.open(List.of(flag(location, cache)), fetcher(cache, SSLContext.getDefault()));
    assertEquals(List.of("status.conditions"),
        List.copyOf(only(offline).find("example.com", "v1", "Widget").orElseThrow().conditionLists().keySet()));
    assertEquals(Optional.empty(), only(offline).find("example.com", "v2", "Widget"));
    assertEquals(List.of(), offline.errors(), "the server is gone: every answer came from the cache");
  }

  @Test
  void aUrlThatIsNoTemplateIsACatalogueLaidOutAsDatreeiosAndACrdAtAUrlServesItsVersions(@TempDir Path cache)
      throws Exception {
    try (SchemaServer server = new SchemaServer()
        .serve("/catalog/example.com/widget_v1.json", WIDGET_SCHEMA)
        .serve("/crds/gadget.yaml", GADGET_CRD)) {
      SchemaLocations base = SchemaLocations.open(List.of(flag(server.base() + "/catalog/", cache)),
          fetcher(cache, server.trust()));
      assertTrue(only(base).find("example.com", "v1", "widget").isPresent());

      SchemaLocations crd = SchemaLocations.open(List.of(flag(server.base() + "/crds/{{.ResourceKind}}.yaml", cache)),
          fetcher(cache, server.trust()));
      KindSchema gadget = only(crd).find("example.com", "v1beta1", "Gadget").orElseThrow();
      assertEquals(Set.of("type", "status"), gadget.conditionLists().get("status.conditions").items().required());
      assertEquals(Optional.empty(), only(crd).find("example.com", "v1", "Gadget"), "the CRD has no v1");
      assertEquals(List.of(), crd.errors());
    }
  }

  @Test
  void anUnreachableLocationIsOneErrorNamingItHoweverManyKindsAskIt(@TempDir Path cache) throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    String location = "https://127.0.0.1:" + port + TEMPLATE;
    SchemaLocations locations = SchemaLocations.open(List.of(flag(location, cache)), fetcher(cache, SSLContext.getDefault()));

    for (String kind : List.of("Widget", "Gadget", "Sprocket")) {
      assertEquals(Optional.empty(), only(locations).find("example.com", "v1", kind));
    }
    assertEquals(List.of(InputError.of(location, "schema location: cannot read https://127.0.0.1:" + port
        + "/catalog/example.com/widget_v1.json: connection refused")), locations.errors());
    assertEquals(List.of(), suffixes(cache), "nothing is cached of a failure");
  }

  @Test
  void aServerCondlintDoesNotTrustAndAnAnswerThatIsNoSchemaAreErrors(@TempDir Path cache) throws Exception {
    try (SchemaServer server = new SchemaServer()
        .serve("/catalog/example.com/widget_v1.json", WIDGET_SCHEMA)
        .serve("/bad/example.com/widget_v1.json", "{\"type\": \"object\", \"properties\": ")
        .serve("/bad/example.com/gadget_v1.json", "<html>Sign in</html>")) {
      SchemaLocations untrusted = SchemaLocations.open(List.of(flag(server.base() + TEMPLATE, cache)),
          fetcher(cache, SSLContext.getDefault()));
      assertEquals(Optional.empty(), only(untrusted).find("example.com", "v1", "Widget"));
      String error = untrusted.errors().get(0).message();
      assertTrue(error.startsWith("schema location: cannot read " + server.base()
          + "/catalog/example.com/widget_v1.json: TLS failed: "), error);

      String bad = server.base() + "/bad/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json";
      SchemaLocations garbled = SchemaLocations.open(List.of(flag(bad, cache)), fetcher(cache, server.trust()));
      only(garbled).find("example.com", "v1", "Widget");
      only(garbled).find("example.com", "v1", "Gadget");
      String text = "{\"type\": \"object\", \"properties\": ";
      assertEquals(List.of(InputError.at(server.base() + "/bad/example.com/widget_v1.json", 1, text.length() + 1,
          "schema location " + bad + ": no JSON Schema or CRD: Unexpected end-of-input within/between Object entries"
          + " (and 1 more schema)")), garbled.errors());
    }
  }

  @Test
  void aDirectoryHoldsCatalogueSchemasAndCrdManifestsAFileCrdsAndAPathTemplateOneSchema(@TempDir Path dir)
      throws IOException {
    Files.createDirectories(dir.resolve("catalog/example.com"));
    Files.writeString(dir.resolve("catalog/example.com/widget_v1.json"), WIDGET_SCHEMA);
    Files.writeString(dir.resolve("catalog/example.com/widget_v1alpha1.json"), WIDGET_SCHEMA);
    Files.createDirectories(dir.resolve("catalog/crds"));
    Files.writeString(dir.resolve("catalog/crds/gadgets.yaml"), GADGET_CRD);

    SchemaLocations directory = SchemaLocations.open(List.of(flag("catalog", dir)), fetcher(dir.resolve("cache")));
    KindSchemaSource source = only(directory);
    assertEquals(new SchemaOrigin("catalog", dir.resolve("catalog/example.com/widget_v1.json").toString()),
        source.find("example.com", "v1", "Widget").orElseThrow().origin());
    assertEquals(List.of("v1", "v1alpha1"), source.versions("example.com", "Widget").stream().map(KindSchema::version).toList());
    assertEquals(List.of("v1beta1"), source.versions("example.com", "Gadget").stream().map(KindSchema::version).toList());
    assertTrue(source.find("example.com", "v1beta1", "Gadget").isPresent());

    SchemaLocations file = SchemaLocations.open(List.of(flag("catalog/crds/gadgets.yaml", dir)), fetcher(dir));
    assertTrue(only(file).find("example.com", "v1beta1", "Gadget").isPresent());
    assertEquals(Optional.empty(), only(file).find("example.com", "v1", "Widget"));

    SchemaLocations template = SchemaLocations.open(
        List.of(flag("catalog/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json", dir)), fetcher(dir));
    assertTrue(only(template).find("example.com", "v1alpha1", "Widget").isPresent());
    assertEquals(Optional.empty(), only(template).find("example.com", "v2", "Widget"));
    assertEquals(List.of(), template.errors());
    assertEquals(List.of(), suffixes(dir.resolve("cache")), "nothing local is cached");
  }

  @Test
  void defaultIsTheBundledCatalogueWhichIsAlwaysThereAndAddsNothing(@TempDir Path dir) {
    SchemaLocations locations = SchemaLocations.open(List.of(flag("default", dir)), fetcher(dir));
    assertEquals(Optional.empty(), only(locations).find("work.karmada.io", "v1alpha2", "ResourceBinding"));
  }

  @Test
  void aMalformedLocationIsAnErrorNamingItAndWhereItWasWritten(@TempDir Path dir) {
    assertEquals("--schema-location 'http://example.com/{{.Group}}.json': condlint fetches schemas over HTTPS only,"
        + " not http:", malformed(flag("http://example.com/{{.Group}}.json", dir)));
    assertEquals("--schema-location 'schemas': no such directory or file, and no URL or template",
        malformed(flag("schemas", dir)));
    assertEquals(".condlint.yaml schemaLocations[1] 'https://example.com/{{.Version}}.json': '{{.Version}}' is no"
        + " template variable condlint knows ({{.Group}}, {{.ResourceKind}}, {{.ResourceAPIVersion}}, {{.KindSuffix}},"
        + " {{.NormalizedKubernetesVersion}}, {{.StrictSuffix}})",
        malformed(new SchemaLocations.Written("https://example.com/{{.Version}}.json", ".condlint.yaml schemaLocations[1]", dir)));
  }

  private static String malformed(SchemaLocations.Written written) {
    return assertThrows(IllegalArgumentException.class, () -> SchemaLocations.open(List.of(written), (SchemaFetcher) null))
        .getMessage();
  }

  @Test
  void theCacheIsInTheXdgCacheDirectoryElseInHomesDotCache() {
    assertEquals(Path.of("/var/cache/me/condlint/schemas"),
        SchemaCache.defaultDirectory(java.util.Map.of("XDG_CACHE_HOME", "/var/cache/me", "HOME", "/home/me")));
    assertEquals(Path.of("/home/me/.cache/condlint/schemas"),
        SchemaCache.defaultDirectory(java.util.Map.of("HOME", "/home/me")));
    assertEquals(Path.of("/home/me/.cache/condlint/schemas"),
        SchemaCache.defaultDirectory(java.util.Map.of("XDG_CACHE_HOME", "relative", "HOME", "/home/me")),
        "the specification ignores a relative XDG_CACHE_HOME");
  }

  private static List<String> suffixes(Path cache) throws IOException {
    if (!Files.isDirectory(cache)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(cache)) {
      return files.map(p -> p.getFileName().toString()).map(n -> n.substring(n.lastIndexOf('.'))).sorted().toList();
    }
  }
}
