package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.cluster.testing.TestApiServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DiscoveryTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final TestApiServer server = new TestApiServer();

  @AfterEach
  void stop() {
    server.close();
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** A Deployment, a Pod, a ConfigMap, a Widget CRD with its status subresource, a Widget of each of two versions. */
  static List<JsonNode> sample() {
    return List.of(
        json("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"namespace\":\"shop\"}}"),
        json("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"web-1\",\"namespace\":\"shop\"}}"),
        json("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"settings\",\"namespace\":\"shop\"}}"),
        json("""
            {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
             "metadata":{"name":"widgets.example.com"},
             "spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","kind":"Widget"},
               "versions":[{"name":"v1beta1","served":true,"storage":false},
                           {"name":"v1","served":true,"storage":true,"subresources":{"status":{}}}]}}"""),
        json("{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"a\",\"namespace\":\"shop\"}}"),
        json("{\"apiVersion\":\"example.com/v1beta1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"b\",\"namespace\":\"shop\"}}"));
  }

  private static String line(ApiResource r) {
    return r.apiVersion() + " " + r.plural() + " " + r.kind() + (r.namespaced() ? " namespaced" : " cluster")
        + (r.statusSubresource() ? " status" : "") + " " + new java.util.TreeSet<>(r.verbs());
  }

  private static final List<String> EXPECTED = List.of(
      "v1 configmaps ConfigMap namespaced [get, list, watch]",
      "v1 pods Pod namespaced status [get, list, watch]",
      "apiextensions.k8s.io/v1 customresourcedefinitions CustomResourceDefinition cluster status [get, list, watch]",
      "apps/v1 deployments Deployment namespaced status [get, list, watch]",
      "example.com/v1 widgets Widget namespaced status [get, list, watch]");

  @Test
  void aggregatedDiscoveryTakesTwoRequestsAndListsEachResourceAtItsPreferredVersion() throws ApiException {
    server.load(sample());
    try (TestClients clients = new TestClients(server)) {
      Discovery.Result result = new Discovery(clients.api).discover();

      assertEquals(EXPECTED, result.resources().stream().map(DiscoveryTest::line).toList());
      assertEquals(List.of(), result.problems());
      assertEquals(List.of("/api", "/apis"), server.requests());
    }
  }

  @Test
  void withoutAggregatedDiscoveryEveryGroupVersionIsAsked() throws ApiException {
    server.withoutAggregatedDiscovery().load(sample());
    try (TestClients clients = new TestClients(server)) {
      Discovery.Result result = new Discovery(clients.api).discover();

      assertEquals(EXPECTED, result.resources().stream().map(DiscoveryTest::line).toList());
      assertEquals(List.of(), result.problems());
      assertEquals(List.of("/api", "/api/v1", "/apis", "/apis/apiextensions.k8s.io/v1", "/apis/apps/v1",
          "/apis/example.com/v1", "/apis/example.com/v1beta1"), server.requests());
    }
  }

  @Test
  void aStaleAggregatedGroupVersionIsAProblemAndTheOthersAreStillFound() throws ApiException {
    server.load(sample());
    server.failDiscovery("apps/v1");
    try (TestClients clients = new TestClients(server)) {
      Discovery.Result result = new Discovery(clients.api).discover();

      assertEquals(List.of(EXPECTED.get(0), EXPECTED.get(1), EXPECTED.get(2), EXPECTED.get(4)),
          result.resources().stream().map(DiscoveryTest::line).toList());
      assertEquals(List.of(new ReadProblem("discovery of apps/v1", "the API server could not refresh it (its API"
          + " service is unavailable); its resources are not audited")), result.problems());
    }
  }

  @Test
  void aFailingGroupVersionIsAProblemAndTheOthersAreStillFound() throws ApiException {
    server.withoutAggregatedDiscovery().load(sample());
    server.failDiscovery("example.com/v1");
    try (TestClients clients = new TestClients(server)) {
      Discovery.Result result = new Discovery(clients.api).discover();

      // The failed version was preferred: the kind is still found at the next version, as kubectl finds it.
      assertEquals(List.of(EXPECTED.get(0), EXPECTED.get(1), EXPECTED.get(2), EXPECTED.get(3),
              "example.com/v1beta1 widgets Widget namespaced status [get, list, watch]"),
          result.resources().stream().map(DiscoveryTest::line).toList());
      // Tried once, as kubectl tries it: waiting does not bring back an aggregated API that is down.
      assertEquals(List.of(new ReadProblem("discovery of example.com/v1", "HTTP 503 ServiceUnavailable: the server is"
          + " currently unable to handle the request; its resources are not audited")),
          result.problems());
      assertEquals(1, server.requests().stream().filter(r -> r.equals("/apis/example.com/v1")).count());
    }
  }
}
